// Who a file's permissions let in, asked for another user than the one running the check:
// `swipe-kiosk doctor` runs as root or an operator and must say whether the SERVICE user
// (`swipe-kiosk`) can open the DRM card, the input devices and write the database and its
// directory. access(2) answers only for the caller, so the answer is worked out from stat(2)
// and the user's groups (getpwnam, getgrouplist) the way the kernel checks mode bits. POSIX
// ACLs and capabilities are not looked at; root may do everything.
import Glibc

/// A local user with its groups, as a service started with `User=` gets them.
public struct ServiceUser: Hashable, Sendable {
    public let name: String
    public let uid: UInt32
    public let groups: [UInt32]

    /// The user `name` from the passwd database; nil when there is none.
    public static func named(_ name: String) -> ServiceUser? {
        guard let entry = getpwnam(name) else { return nil }
        let uid = entry.pointee.pw_uid
        let primary = entry.pointee.pw_gid
        var count: Int32 = 64
        var groups = [gid_t](repeating: 0, count: Int(count))
        if getgrouplist(name, primary, &groups, &count) < 0 {
            groups = [gid_t](repeating: 0, count: Int(count))
            _ = getgrouplist(name, primary, &groups, &count)
        }
        return ServiceUser(name: name, uid: uid, groups: Array(groups.prefix(Int(max(count, 0)))))
    }

    /// What `user` may do with an existing file or directory.
    public enum Access: Sendable { case read, write, readWrite }

    /// Whether the mode bits of `status` give this user `access`.
    public func may(_ access: Access, _ status: FileStatus) -> Bool {
        if uid == 0 { return true }
        let shift: UInt32 = status.owner == uid ? 6 : groups.contains(status.group) ? 3 : 0
        let bits = (status.mode >> shift) & 0o7
        switch access {
        case .read: return bits & 0o4 != 0
        case .write: return bits & 0o2 != 0
        case .readWrite: return bits & 0o6 == 0o6
        }
    }

    /// The names of this user's groups, for messages.
    public var groupNames: [String] { groups.map(Self.groupName) }

    /// A group's name, or its number when it has none.
    public static func groupName(_ gid: UInt32) -> String {
        guard let entry = getgrgid(gid) else { return String(gid) }
        return String(cString: entry.pointee.gr_name)
    }

    /// A user's name, or its number when it has none.
    public static func userName(_ uid: UInt32) -> String {
        guard let entry = getpwuid(uid) else { return String(uid) }
        return String(cString: entry.pointee.pw_name)
    }
}

/// Owner, group and permission bits of a path (links followed).
public struct FileStatus: Hashable, Sendable {
    public let owner: UInt32
    public let group: UInt32
    /// The permission bits (0o7777).
    public let mode: UInt32
    public let isDirectory: Bool

    /// The status of `path`; nil when nothing is there (or it cannot be looked at).
    public static func of(_ path: String) -> FileStatus? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStatus(owner: info.st_uid, group: info.st_gid, mode: info.st_mode & 0o7777,
                          isDirectory: info.st_mode & S_IFMT == S_IFDIR)
    }

    /// `root:video 0660`.
    public var summary: String {
        "\(ServiceUser.userName(owner)):\(ServiceUser.groupName(group)) 0\(String(mode, radix: 8))"
    }

    /// The entries of `directory` whose names start with `prefix`, as full paths, sorted.
    public static func entries(of directory: String, prefix: String) -> [String] {
        Directory.entries(directory).filter { $0.hasPrefix(prefix) }.sorted().map { "\(directory)/\($0)" }
    }
}
