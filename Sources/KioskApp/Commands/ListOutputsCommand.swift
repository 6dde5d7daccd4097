// `swipe-kiosk list-outputs`: what the DRM cards offer, named exactly as --device, --connector
// and --mode expect them, so an integrator can pick an output without reading kernel logs.
import ArgumentParser
import KioskHardware

struct ListOutputsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list-outputs",
        abstract: "List DRM cards, their connectors and modes (* current, + preferred).")

    func run() throws {
        let paths = DRMCard.candidatePaths()
        guard !paths.isEmpty else {
            printError("list-outputs: no /dev/dri/card* — no KMS driver is loaded (or /dev/dri is not passed into this container)")
            throw ExitCode.unavailable
        }
        var opened = 0
        for path in paths {
            let card: DRMCard
            do { card = try DRMCard(path: path) } catch {
                printError("\(path): \(error)")
                continue
            }
            opened += 1
            print("\(path): driver \(card.driver) (\(card.driverDescription))\(card.supportsDumbBuffers ? "" : " [no dumb buffers]")")
            for connector in card.connectors() {
                var line = "  \(connector.name): \(connector.isConnected ? "connected" : "disconnected")"
                if connector.sizeMillimetres.width > 0 {
                    line += " \(connector.sizeMillimetres.width)x\(connector.sizeMillimetres.height)mm"
                }
                if connector.panelOrientation != .none { line += " panel-orientation=\(connector.panelOrientation)" }
                if connector.currentCRTC != 0 { line += " crtc=\(connector.currentCRTC)" }
                print(line)
                for mode in connector.modes {
                    let current = mode == connector.currentMode ? "*" : " "
                    print("    \(current)\(mode.isPreferred ? "+" : " ") \(mode)")
                }
            }
        }
        guard opened > 0 else {
            printError("list-outputs: no card could be opened; add the user to the 'video' group or run in a logind seat session")
            throw ExitCode.unavailable
        }
    }
}
