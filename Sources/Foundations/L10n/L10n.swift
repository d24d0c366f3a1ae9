import Foundation

/// Every user-facing sentence, in each language; templates receive the whole table as `t`.
public struct L10n: Sendable {
    public let language: Language
    public let strings: [String: String]

    public init(language: Language) {
        self.language = language
        strings = language == .english ? L10n.english : L10n.simplifiedChinese
    }

    /// The sentence for `key` (every key has one in every language: `L10nTests`).
    public subscript(key: L10nKey) -> String {
        strings[key.rawValue] ?? key.rawValue
    }

    /// "5 minutes ago" / "5分钟前" for `date`, seen at `now` (injected, as the seed does, so
    /// specs need no clock).
    public func relativeDate(_ date: Date, now: Date) -> String {
        var style = Date.AnchoredRelativeFormatStyle(anchor: date, presentation: .named, unitsStyle: .wide)
        style.locale = language.locale
        return style.format(now)
    }

    /// Date and time of `date` as the reader writes them ("22 Nov 2026, 1:08:04 AM" / "2026年11月22日 01:08:04").
    public func dateTime(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(date: .abbreviated, time: .standard).locale(language.locale))
    }

    /// The time of day of `date` as the reader writes it.
    public func time(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(date: .omitted, time: .standard).locale(language.locale))
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
        "olderMoments": "Older moments",
        "newestMoments": "Back to the newest",
        "language": "Language",
        "switchLanguage": "中文",
        "area51": "Area 51",
        "likeUnavailable": "The like could not be saved: the BFF did not answer properly. Nothing was changed.",
        "likeFeatureOff": "The like feature is switched off.",
        "unknownMoment": "There is no moment with this id.",
        "notFoundTitle": "Page not found",
        "notFoundMessage": "There is nothing at %@.",
        "errorPageTitle": "Something went wrong",
        "backToTimeline": "Back to Moments",
        "section.generalInfo": "General info",
        "section.designKit": "DesignKit",
        "section.featureToggles": "Feature toggles",
        "section.tools": "Tools",
        "section.activity": "Activity",
        "info.version": "Version",
        "info.buildTarget": "Build target",
        "info.bff": "BFF",
        "info.bffUp": "answers",
        "info.bffDown": "does not answer: %@",
        "info.dataDir": "Data folder",
        "info.lastCrash": "Last crash",
        "designKitDemo": "DesignKit demo",
        "designKitDemo.detail": "Type, colors, spacing, avatars and favorite buttons",
        "toggle.isLikeButtonForMomentEnabled": "Like button for moments",
        "toggle.isNewTimelineLayoutEnabled": "New timeline layout (cards)",
        "toggle.isRoundedAvatar": "Round avatars",
        "toggle.likeButtonStyle": "Like button style (A/B test)",
        "toggleChanged": "Changed %@ from the %@",
        "toggleNeverChanged": "Never changed: registered default",
        "remoteFetched": "Remote config, fetched %@",
        "remoteDefaults": "Defaults: remote config unavailable (%@)",
        "source.page": "page",
        "source.api": "API",
        "source.reset": "reset",
        "source.app": "app",
        "default": "Default",
        "readOnly": "read-only",
        "on": "On",
        "off": "Off",
        "action.crash-app": "Crash App",
        "action.crash-app.detail": "Stops the dashboard the way a crash does; the next start shows it here.",
        "action.crash-app.done": "The dashboard is crashing now, as asked. Start it again to see the crash in General info.",
        "action.clear-cache": "Clear Cache",
        "action.clear-cache.detail": "Forgets the saved timeline; the next page asks the BFF.",
        "action.clear-cache.done": "The saved timeline was cleared.",
        "action.reset-toggles": "Reset Toggles",
        "action.reset-toggles.detail": "Puts every internal toggle back to its default.",
        "action.reset-toggles.done": "Every internal toggle is back to its default.",
        "activity.tracking": "Tracking",
        "activity.graphQL": "GraphQL",
        "activity.toggle": "Toggle",
        "activity.none": "Nothing yet: open the timeline or flip a toggle.",
        "area51Subtitle": "Internal menu for QA and product. Not in production builds.",
        "shortcutHint": "Shortcut on the timeline: Ctrl+Alt+A",
        "designkitTypography": "Typography",
        "designkitPalette": "Palette",
        "designkitSpacing": "Spacing",
        "designkitAvatars": "Avatars",
        "designkitFavoriteButtons": "Favorite buttons",
        "designkitLight": "Light",
        "designkitDark": "Dark",
        "designkitTapToToggle": "Click to toggle",
        "designkitSample": "The quick brown fox 敏捷的狐狸",
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
        "olderMoments": "更早的朋友圈",
        "newestMoments": "回到最新",
        "language": "语言",
        "switchLanguage": "English",
        "area51": "51 区",
        "likeUnavailable": "点赞未能保存：BFF 没有正常响应，没有任何改动。",
        "likeFeatureOff": "点赞功能已关闭。",
        "unknownMoment": "没有这条朋友圈。",
        "notFoundTitle": "页面不存在",
        "notFoundMessage": "%@ 没有内容。",
        "errorPageTitle": "出错了",
        "backToTimeline": "返回朋友圈",
        "section.generalInfo": "基本信息",
        "section.designKit": "DesignKit",
        "section.featureToggles": "功能开关",
        "section.tools": "工具",
        "section.activity": "动态",
        "info.version": "版本",
        "info.buildTarget": "构建目标",
        "info.bff": "BFF",
        "info.bffUp": "正常响应",
        "info.bffDown": "无响应：%@",
        "info.dataDir": "数据文件夹",
        "info.lastCrash": "上次崩溃",
        "designKitDemo": "DesignKit 范例",
        "designKitDemo.detail": "字体、颜色、间距、头像和点赞按钮",
        "toggle.isLikeButtonForMomentEnabled": "朋友圈点赞按钮",
        "toggle.isNewTimelineLayoutEnabled": "新版时间线布局（卡片）",
        "toggle.isRoundedAvatar": "圆形头像",
        "toggle.likeButtonStyle": "点赞按钮样式（A/B 测试）",
        "toggleChanged": "%@ 通过%@修改",
        "toggleNeverChanged": "从未修改：使用默认值",
        "remoteFetched": "远程配置，获取于 %@",
        "remoteDefaults": "默认值：无法获取远程配置（%@）",
        "source.page": "页面",
        "source.api": "API",
        "source.reset": "重置",
        "source.app": "应用",
        "default": "默认值",
        "readOnly": "只读",
        "on": "开",
        "off": "关",
        "action.crash-app": "闪退 App",
        "action.crash-app.detail": "让 dashboard 像崩溃一样退出；下次启动时在这里显示。",
        "action.crash-app.done": "Dashboard 正在按要求崩溃。重新启动后可在基本信息中看到这次崩溃。",
        "action.clear-cache": "清除缓存",
        "action.clear-cache.detail": "清除已保存的朋友圈；下次打开时会请求 BFF。",
        "action.clear-cache.done": "已清除保存的朋友圈。",
        "action.reset-toggles": "重置开关",
        "action.reset-toggles.detail": "把所有内部开关恢复为默认值。",
        "action.reset-toggles.done": "所有内部开关已恢复为默认值。",
        "activity.tracking": "埋点",
        "activity.graphQL": "GraphQL",
        "activity.toggle": "开关",
        "activity.none": "暂无动态：打开朋友圈或切换开关试试。",
        "area51Subtitle": "供测试和产品使用的内部菜单，正式版不包含。",
        "shortcutHint": "在朋友圈页面按 Ctrl+Alt+A 打开",
        "designkitTypography": "字体",
        "designkitPalette": "颜色",
        "designkitSpacing": "间距",
        "designkitAvatars": "头像",
        "designkitFavoriteButtons": "点赞按钮",
        "designkitLight": "浅色",
        "designkitDark": "深色",
        "designkitTapToToggle": "点击切换",
        "designkitSample": "The quick brown fox 敏捷的狐狸",
    ]
}
