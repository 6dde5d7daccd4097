// Haptic feedback as values: the core says *what* happened; KioskHardware decides how it
// feels (force feedback, LED, command, visual pulse). Names are the docs/ARCHITECTURE.md contract.

/// A moment that deserves feedback.
public enum HapticEvent: String, CaseIterable, Hashable, Sendable {
    /// A row's drag crossed into its expansion (full-swipe) zone.
    case expansionEnter = "expansion-enter"
    /// A row's drag left its expansion zone again.
    case expansionExit = "expansion-exit"
    /// An action ran.
    case action
    /// A sheet was dismissed by a swipe.
    case sheetDismiss = "sheet-dismiss"
    /// An interactive navigation transition committed (finished).
    case navigationCommit = "navigation-commit"
    /// A long press was recognised.
    case longPress = "long-press"
}
