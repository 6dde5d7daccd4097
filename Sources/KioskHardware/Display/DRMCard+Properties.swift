// KMS properties are looked up by name (their ids differ per driver and boot); this reads all
// properties of one object at once so the atomic path and the connector probe share one helper.
import CDRM

/// One property of a KMS object: its id, current value and, for enums, the current value's name.
public struct DRMProperty: Sendable {
    public var id: UInt32
    public var value: UInt64
    public var enumName: String?
}

extension DRMCard {
    /// Properties of object `id` (`DRM_MODE_OBJECT_CONNECTOR`, `_CRTC` or `_PLANE`) keyed by name.
    public func properties(of id: UInt32, type: UInt32) -> [String: DRMProperty] {
        guard let props = drmModeObjectGetProperties(fd, id, type) else { return [:] }
        defer { drmModeFreeObjectProperties(props) }
        var result: [String: DRMProperty] = [:]
        for index in 0..<Int(props.pointee.count_props) {
            guard let prop = drmModeGetProperty(fd, props.pointee.props[index]) else { continue }
            defer { drmModeFreeProperty(prop) }
            let name = withUnsafeBytes(of: prop.pointee.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let value = props.pointee.prop_values[index]
            var enumName: String?
            if prop.pointee.flags & UInt32(DRM_MODE_PROP_ENUM) != 0 {
                for e in 0..<Int(prop.pointee.count_enums) where prop.pointee.enums[e].value == value {
                    enumName = withUnsafeBytes(of: prop.pointee.enums[e].name) {
                        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                    }
                }
            }
            result[name] = DRMProperty(id: prop.pointee.prop_id, value: value, enumName: enumName)
        }
        return result
    }
}
