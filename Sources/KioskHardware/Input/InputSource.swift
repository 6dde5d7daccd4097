// The input seam (NIO's Core/Posix/Embedded split): the session routes touch, pointer and key
// events with their kernel timestamps and never knows where they came from. `LibinputSource` is
// the device; `ScriptedInput` plays touch scripts and `libinput record` files on virtual time.

/// Where input events come from. Single-threaded: used from the event loop only.
public protocol InputSource: AnyObject {
    /// Called for every event, in order.
    var onEvent: ((InputEvent) -> Void)? { get set }
    /// The descriptor the loop watches, calling ``dispatch()`` when it is readable.
    var eventDescriptor: Int32 { get }
    /// Delivers everything that is due. Never blocks.
    func dispatch()
    /// Closes the devices while the VT is switched away (touches in progress are cancelled), or
    /// opens them again.
    func setSuspended(_ suspended: Bool)
}
