// Key names of linux/input-event-codes.h (without KEY_) that scripts and the keyboard path use,
// plus the spellings people type (Escape, Return). Codes are the kernel's, so a replayed key
// and a real libinput key reach the UI as the same value.

/// Linux key codes by name.
public enum KeyNames {
    static let codes: [String: Int] = [
        "ESC": 1, "BACKSPACE": 14, "TAB": 15, "ENTER": 28, "SPACE": 57,
        "HOME": 102, "UP": 103, "PAGEUP": 104, "LEFT": 105, "RIGHT": 106, "END": 107, "DOWN": 108,
        "PAGEDOWN": 109, "INSERT": 110, "DELETE": 111, "MENU": 139, "BACK": 158, "F1": 59, "F2": 60,
    ]
    static let aliases: [String: String] = ["ESCAPE": "ESC", "RETURN": "ENTER", "DEL": "DELETE"]

    /// The canonical name (`Escape` → `ESC`).
    public static func canonical(_ name: String) -> String {
        let upper = name.uppercased()
        let bare = upper.hasPrefix("KEY_") ? String(upper.dropFirst(4)) : upper
        return aliases[bare] ?? bare
    }

    /// The kernel key code for a name, nil when unknown.
    public static func code(for name: String) -> Int? { codes[canonical(name)] }

    /// The name of a kernel key code, nil when it is not one the app knows.
    public static func name(for code: Int) -> String? { codes.first { $0.value == code }?.key }
}
