// The executable: the command line over KioskApp, and the fleet feed's command over KioskFeed.
import KioskApp

KioskCommandLine.main(SwipeKioskCommand.self)
