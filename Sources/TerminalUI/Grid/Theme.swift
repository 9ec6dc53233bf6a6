import Lessons

/// How each text role and each piece of chrome looks. `colour` uses only the eight basic
/// colours on the terminal's own background (readable on dark and light themes);
/// `monochrome` (NO_COLOR, or a terminal without colours) uses bold, dim, underline and reverse.
public struct Theme: Equatable, Sendable {
    public var usesColour: Bool

    public static let colour = Theme(usesColour: true)
    public static let monochrome = Theme(usesColour: false)

    public func style(_ role: TextRole) -> CellStyle {
        switch role {
        case .plain, .codePlain: return .plain
        case .heading1: return CellStyle(foreground: tint(.magenta), bold: true)
        case .heading2: return CellStyle(foreground: tint(.blue), bold: true)
        case .heading3, .strong, .tableHeader: return CellStyle(bold: true)
        case .emphasis: return CellStyle(underline: !usesColour, reverse: false).with(foreground: tint(.cyan))
        case .strikethrough: return CellStyle(dim: true)
        case .inlineCode: return CellStyle(foreground: tint(.yellow), bold: !usesColour)
        case .link: return CellStyle(foreground: tint(.blue), underline: true)
        case .url, .rule, .tableBorder, .codeFrame: return CellStyle(dim: true)
        case .quote: return CellStyle(foreground: tint(.cyan), dim: !usesColour)
        case .listMarker: return CellStyle(foreground: tint(.magenta), bold: true)
        case .codeKeyword: return CellStyle(foreground: tint(.magenta), bold: true)
        case .codeType: return CellStyle(foreground: tint(.cyan))
        case .codeString: return CellStyle(foreground: tint(.red), underline: false)
        case .codeNumber: return CellStyle(foreground: tint(.blue))
        case .codeComment: return CellStyle(foreground: tint(.green), dim: !usesColour)
        case .codeAttribute: return CellStyle(foreground: tint(.yellow))
        case .searchMatch: return CellStyle(reverse: true)
        }
    }

    // MARK: - Chrome

    public var header: CellStyle { CellStyle(bold: true, reverse: true) }
    public var statusBar: CellStyle { CellStyle(reverse: true) }
    public var statusKey: CellStyle { CellStyle(bold: true, reverse: true) }
    public var selection: CellStyle { CellStyle(bold: true, reverse: true) }
    public var passed: CellStyle { CellStyle(foreground: tint(.green), bold: true) }
    public var failed: CellStyle { CellStyle(foreground: tint(.red), bold: true) }
    public var pending: CellStyle { CellStyle(foreground: tint(.yellow), bold: !usesColour) }
    public var muted: CellStyle { CellStyle(dim: true) }
    public var frame: CellStyle { CellStyle(foreground: tint(.blue)) }
    public var warning: CellStyle { CellStyle(foreground: tint(.yellow), bold: true) }
    public var abstraction: CellStyle { CellStyle(foreground: tint(.green), bold: true) }
    public var concrete: CellStyle { CellStyle(foreground: tint(.red)) }

    private func tint(_ colour: TerminalColor) -> TerminalColor? { usesColour ? colour : nil }
}

extension CellStyle {
    func with(foreground: TerminalColor?) -> CellStyle {
        var copy = self
        copy.foreground = foreground
        return copy
    }
}
