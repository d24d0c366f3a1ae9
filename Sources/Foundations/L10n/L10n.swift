import Foundation

/// Every user-facing sentence, in each language; templates receive the whole table as `t`.
public struct L10n: Sendable {
    public let language: Language
    public let strings: [String: String]

    public init(language: Language) {
        self.language = language
        strings = language == .english ? L10n.english : L10n.simplifiedChinese
    }

    /// The sentence for `key`; the key itself if a translation is missing, so it shows in review.
    public subscript(key: String) -> String {
        strings[key] ?? key
    }

    /// "5 minutes ago" / "5分钟前" for `date`, relative to now.
    public func relativeDate(_ date: Date) -> String {
        var style = Date.RelativeFormatStyle(presentation: .named, unitsStyle: .wide)
        style.locale = language.locale
        return style.format(date)
    }

    static let english: [String: String] = [
        "appName": "Moments",
        "momentsScreen": "Moments screen",
        "timelineTitle": "Moments",
        "like": "Like",
        "unlike": "Unlike",
        "likedBy": "Liked by",
        "openLink": "Open link",
        "loading": "Loading moments…",
        "emptyTitle": "No moments yet",
        "emptyMessage": "Add friends to see more moments here.",
        "errorTitle": "Moments can’t be loaded",
        "errorMessage": "The BFF can’t be reached right now. Try again in a moment.",
        "retry": "Try again",
        "staleNotice": "Showing saved moments: the BFF can’t be reached right now.",
        "refresh": "Refresh",
        "language": "Language",
        "switchLanguage": "中文",
        "area51": "Area 51",
        "likeUnavailable": "The like could not be saved: the BFF can’t be reached. Nothing was changed.",
        "likeFeatureOff": "The like feature is switched off.",
        "unknownMoment": "There is no moment with this id.",
        "notFoundTitle": "Page not found",
        "errorPageTitle": "Something went wrong",
        "backToTimeline": "Back to Moments",
    ]

    static let simplifiedChinese: [String: String] = [
        "appName": "朋友圈",
        "momentsScreen": "Moments screen",
        "timelineTitle": "朋友圈",
        "like": "赞",
        "unlike": "取消赞",
        "likedBy": "点赞的朋友",
        "openLink": "打开链接",
        "loading": "正在加载朋友圈…",
        "emptyTitle": "还没有朋友圈",
        "emptyMessage": "添加好友来查看更多的朋友圈信息。",
        "errorTitle": "无法加载朋友圈",
        "errorMessage": "暂时无法连接 BFF，请稍后再试。",
        "retry": "重试",
        "staleNotice": "正在显示已保存的朋友圈：暂时无法连接 BFF。",
        "refresh": "刷新",
        "language": "语言",
        "switchLanguage": "English",
        "area51": "51 区",
        "likeUnavailable": "点赞未能保存：暂时无法连接 BFF，没有任何改动。",
        "likeFeatureOff": "点赞功能已关闭。",
        "unknownMoment": "没有这条朋友圈。",
        "notFoundTitle": "页面不存在",
        "errorPageTitle": "出错了",
        "backToTimeline": "返回朋友圈",
    ]
}
