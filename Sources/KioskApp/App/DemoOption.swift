// `--demo` on the commands that show the app (run, replay, screenshot) and on init-db: the demo
// items only where a person asks for them. `[data] demo_data` defaults to false, so a production
// panel, a preview of a real database and a fresh `screenshot --database FILE` show no fake mail;
// `make run` and a person trying the app pass --demo (or set demo_data = true).
import ArgumentParser
import KioskConfig

public struct DemoOption: ParsableArguments {
    public init() {}

    @Flag(help: "Fill a new database with the demo items of the configured lists, once (as [data] demo_data = true).")
    public var demo = false

    /// `configuration`, with demo data on when --demo was given.
    public func applied(to configuration: KioskConfiguration) -> KioskConfiguration {
        var result = configuration
        if demo { result.data.demoData = true }
        return result
    }
}
