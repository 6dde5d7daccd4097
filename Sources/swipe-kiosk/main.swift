// The executable: the command line (Sources/swipe-kiosk/*Command.swift) over the library targets.

SwipeKioskCommand.main()
