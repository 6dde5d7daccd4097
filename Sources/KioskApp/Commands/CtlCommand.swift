// `swipe-kiosk ctl` (README "Control socket"): one request to the running app over its control
// socket, from a shell, cron or another program on the kiosk. Exit codes: 0 done, 64 usage,
// 65 the app refused the request, 69 no app is running (no socket, or nobody listening on it),
// 73 the screenshot's FILE cannot be written.
import ArgumentParser
import KioskFiles
import KioskHardware

struct CtlCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ctl",
        abstract: "Ask the running app: screenshot FILE | screen off | screen on | reload | identify | status.")

    @Option(help: ArgumentHelp(stringLiteral: "The app's control socket (default: $RUNTIME_DIRECTORY's, else the installed service's "
                  + "/run/swipe-kiosk/control.sock when it is there, else $XDG_RUNTIME_DIR/swipe-kiosk/control.sock)."))
    var socket: String?

    @Argument(help: "screenshot FILE, screen off, screen on, reload, identify or status.")
    var words: [String] = []

    /// The request and, for `screenshot`, the file to write.
    private var parsed: (request: ControlRequest, file: String?)? {
        if words.count == 2, words[0] == "screenshot", !words[1].isEmpty { return (.screenshot, words[1]) }
        guard words.first != "screenshot", let request = ControlRequest(line: words.joined(separator: " ")) else { return nil }
        return (request, nil)
    }

    func validate() throws {
        guard parsed != nil else {
            throw ValidationError("expected one of: screenshot FILE, screen off, screen on, reload, identify, status; not '\(words.joined(separator: " "))'")
        }
        if socket?.isEmpty == true { throw ValidationError("--socket needs a path; it is empty") }
    }

    func run() throws {
        guard let (request, file) = parsed else { throw ExitCode.usage }
        let reply: ControlReply
        do throws(ControlSocketError) {
            let path: String
            if let socket { path = socket } else { path = try ControlSocket.clientPath() }
            reply = try ControlSocket.send(request, to: path)
        } catch {
            printError("ctl: \(error.clientMessage)")
            throw ExitCode.unavailable
        }
        switch reply {
        case .error(let message):
            printError("ctl: \(request.refusal(message.shown(atMost: 2000)))")  // the peer's words: one bounded line
            throw ExitCode.badData
        case .ok(let payload):
            if let file {
                do { try OutputFile.write(payload, to: file) } catch { throw ExitCode.cannotCreate(error) }
            } else if !payload.isEmpty {
                print(String(decoding: payload, as: UTF8.self), terminator: "")
            }
        }
    }
}
