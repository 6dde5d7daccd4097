// Commands in, responses out (README.md, "Fleets": commands). The feed subscribes at QoS 1 to
// `{prefix}/kiosks/{kiosk}/commands` and the fleet-wide `{prefix}/commands`; each command is
// checked here on the loop, queued for the FleetCommandRunner's thread (which talks to the app's
// control socket) and answered on `{prefix}/kiosks/{kiosk}/responses` (QoS 1, not retained) when
// its outcome comes back through the mailbox. A `screenshot`'s PNG goes, as it is, to
// `{prefix}/kiosks/{kiosk}/screenshot` before its response. A retained command is never run:
// the broker would hand it over again at every reconnect (a retained `screen off` would switch
// the screen off each time); it is counted and logged instead.
import Foundation
import KioskFiles
import KioskHardware

extension FeedService {
    /// True for the two topics commands arrive on.
    func isCommandTopic(_ topic: String) -> Bool {
        topic == setup.commandsTopic || topic == setup.fleetCommandsTopic
    }

    /// Subscribes to the commands topics (on every connect: the session is clean).
    func subscribeToCommands() {
        client.subscribe(setup.commandsTopic, qos: 1)
        client.subscribe(setup.fleetCommandsTopic, qos: 1)
    }

    /// A message on a commands topic: ignored when retained, refused when it is no command,
    /// answered `busy` when the queue is full, otherwise queued.
    func receiveCommand(topic: String, payload: [UInt8]?, size: Int, retained: Bool) {
        counters.commands.received += 1
        statusDue = true
        if retained {
            counters.commands.retained += 1
            journal("feed: ignored a retained command on \(topic) (\(size) bytes): commands are run only when sent live; clear it with an empty retained message")
            return
        }
        switch FleetCommand.parse(payload: payload, size: size) {
        case .failure(let refusal):
            counters.commands.refused += 1
            journal("feed: refused a command on \(topic): \(refusal.error)")
            respond(CommandResponse(command: refusal.command, id: refusal.id, ok: false, error: refusal.error))
        case .success(let command):
            if !commands.submit(command) {
                counters.commands.busy += 1
                respond(CommandResponse(command: command.request.rawValue, id: command.id, ok: false,
                                        error: "busy: \(FleetCommandRunner.queueLimit) commands are waiting; try again later"))
            }
        }
    }

    /// The app's answer to a command: publishes the screenshot, if any, then the response.
    func finish(_ outcome: CommandOutcome) {
        let command = outcome.command
        if command.forPresence { return presenceAnswered(outcome.result) }
        var response = CommandResponse(command: command.request.rawValue, id: command.id, ok: true)
        switch outcome.result {
        case .failure(let failure):
            response.ok = false
            response.error = failure.message.shown(atMost: Self.appErrorScalars)
        case .success(let payload) where command.request == .status && payload.count > Self.appStatusBytes:
            // Bounded as the presence is: a wrong peer on the socket must not make a response megabytes.
            response.ok = false
            response.error = "the app's status is \(payload.count) bytes, more than the \(Self.appStatusBytes) a response carries"
        case .success(let payload):
            switch command.request {
            case .screenshot:
                if client.publish(topic: setup.screenshotTopic, payload: payload, retain: false) != nil {
                    response.screenshotBytes = payload.count
                } else {
                    response.ok = false
                    response.error = "cannot publish the screenshot (\(payload.count) bytes) on \(setup.screenshotTopic)"
                }
            case .status:
                if let object = try? JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any] {
                    response.status = object
                } else {
                    response.ok = false
                    response.error = "the app's status is not a JSON object"
                }
            case .screenOff, .screenOn, .reload, .identify:
                break
            }
        }
        if response.ok { counters.commands.done += 1 } else { counters.commands.failed += 1 }
        statusDue = true
        if !response.ok { journal("feed: command '\(response.command)' failed: \(response.error ?? "")") }
        respond(response)
    }

    /// A warning, within the refusal lines' budget (a flood of commands is not a flood of lines).
    private func journal(_ line: String) {
        refusalLog.log(line: line, nowMilliseconds: loop.now.nanoseconds / 1_000_000, logger: logger)
    }

    /// Publishes `response` (QoS 1, not retained); lost only when the broker is not connected.
    private func respond(_ response: CommandResponse) {
        if client.publish(topic: setup.responsesTopic, payload: response.payload, retain: false) == nil {
            logger.warning("feed: cannot publish the response to '\(response.command)': not connected")
        }
    }
}
