/// The star and heart favorite buttons: an outline when off, filled when on, pulsing while the
/// change is on its way (`aria-busy="true"`; still, and faded, for a reader who asks for less motion).
public enum FavoriteButton {
    public enum Style: String, Sendable, CaseIterable {
        case heart
        case star
    }

    /// The icon, drawn from its symbol in `symbols` with `currentColor`, so CSS picks the color
    /// per state and a page with many buttons carries the shape once.
    public static func icon(_ style: Style) -> String {
        ##"<svg class="dk-favorite-icon" aria-hidden="true"><use href="#dk-icon-\##(style.rawValue)"/></svg>"##
    }

    /// Every icon's shape, once per page (in the layout), for `icon` to refer to.
    public static let symbols = """
        <svg class="dk-icon-symbols" aria-hidden="true">\
        \(Style.allCases.map { #"<symbol id="dk-icon-\#($0.rawValue)" viewBox="0 0 24 24"><path d="\#(path($0))"/></symbol>"# }.joined())\
        </svg>
        """

    private static func path(_ style: Style) -> String {
        switch style {
        case .heart:
            "M12 21s-7.5-4.6-9.6-9.1C.9 8.6 3 5 6.6 5c2.1 0 3.6 1.1 4.4 2.5h2C13.8 6.1 15.3 5 17.4 5 21 5 23.1 8.6 21.6 11.9 19.5 16.4 12 21 12 21z"
        case .star:
            "M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z"
        }
    }
}
