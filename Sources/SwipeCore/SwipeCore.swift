public enum SwipeCoreVersion {}
