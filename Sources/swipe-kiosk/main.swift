// The executable only hands control to KioskApp; all logic lives in the library targets.
import KioskApp

SwipeKioskCommand.main()
