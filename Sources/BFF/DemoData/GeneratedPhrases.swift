/// The names and title pieces a generated data set is built from, in English and Chinese.
enum GeneratedPhrases {
    static let englishFirstNames = [
        "Emma", "Liam", "Olivia", "Noah", "Ava", "Lucas", "Mia", "Ethan", "Sophie", "Daniel", "Aisha", "Marcus",
        "Chloe", "Jordan", "Isla", "Mateo", "Grace", "Oscar", "Nora", "Felix",
    ]
    static let englishLastNames = [
        "Wilson", "Brooks", "Johnson", "O'Brien", "Rodríguez", "Becker", "Rahman", "Okafor", "Miller", "Nguyen",
        "Smith", "Garcia", "Kowalski", "Haddad", "Larsen", "Moreau", "Patel", "Tanaka", "Evans", "Silva",
    ]
    static let chineseSurnames = ["王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "周", "徐", "孙", "马", "朱", "胡", "林"]
    static let chineseGivenNames = [
        "伟", "芳", "小雨", "建国", "思琪", "洋", "静", "磊", "婷婷", "浩然", "子涵", "一鸣", "晓东", "佳怡", "雪", "欣然",
    ]

    /// A name in English ("Emma Wilson") or in Chinese ("林小雨").
    static func name(chinese: Bool, using random: inout SeededRandomNumberGenerator) -> String {
        chinese
            ? pick(chineseSurnames, &random) + pick(chineseGivenNames, &random)
            : pick(englishFirstNames, &random) + " " + pick(englishLastNames, &random)
    }

    /// A title for a photo moment (a place) or a link moment (something read), in English or Chinese.
    static func title(forPhotos photos: Bool, chinese: Bool, using random: inout SeededRandomNumberGenerator)
        -> String {
        let lists = switch (photos, chinese) {
        case (true, false): englishPhotoTitles
        case (false, false): englishLinkTitles
        case (true, true): chinesePhotoTitles
        case (false, true): chineseLinkTitles
        }
        let separator = chinese ? "" : " "
        return pick(lists.openers, &random) + separator + pick(lists.subjects, &random) + pick(lists.endings, &random)
    }

    private typealias TitleLists = (openers: [String], subjects: [String], endings: [String])

    private static let englishPhotoTitles: TitleLists = (
        ["Morning walk by", "Finally made it to", "Weekend at", "Golden hour at", "Caught this at", "Throwback to",
         "No filter:", "Lazy afternoon at", "First time at", "Back again at", "Quiet evening by", "Road trip stop:"],
        ["the lake", "the old harbour", "the mountains", "the night market", "grandma's garden", "the rooftop",
         "the beach", "a tiny café downtown", "the botanical garden", "the river", "the train station",
         "the farmers' market", "the forest trail", "the city wall", "the ski slope", "the bookshop on the corner"],
        ["", ".", "!", " 🌄", " ☕️", " ✨", " 🌊", " 🍂", ". Worth it.", ". Can't wait to go back."]
    )
    private static let englishLinkTitles: TitleLists = (
        ["Worth reading:", "Bookmarked:", "Great write-up on", "Finally understood", "A clear guide to",
         "Today I learned about", "Long read on", "Sharing this piece about"],
        ["Swift concurrency", "SQLite's WAL mode", "keyset pagination", "GraphQL schemas", "design tokens",
         "sourdough baking", "trail running", "home espresso", "time management", "night photography",
         "national parks", "accessible colour palettes"],
        ["", ".", "!", " 📚", " 👍", ". Highly recommended.", ". Thanks for sharing!"]
    )
    private static let chinesePhotoTitles: TitleLists = (
        ["周末去了", "终于到了", "路过", "又一次来到", "傍晚的", "清晨的", "记录一下", "第一次去", "和家人去了", "随手拍："],
        ["海边", "山顶", "老街", "夜市", "公园", "湖边", "小咖啡馆", "外婆家的院子", "植物园", "江边", "古城墙", "书店", "雪山",
         "花市"],
        ["", "！", "，心情很好", " 🌸", "，太美了", "，下次还来", " ☀️", "，风好大"]
    )
    private static let chineseLinkTitles: TitleLists = (
        ["推荐一篇讲", "终于看懂了", "收藏：", "今天学到了", "分享一篇关于", "一篇写得很清楚的"],
        ["Swift 并发", "SQLite 的 WAL 模式", "分页查询", "GraphQL", "时间管理", "手冲咖啡", "摄影构图", "家常菜", "跑步训练",
         "设计系统"],
        ["", "的文章", "，值得一读", " 👍", "，强烈推荐", "的教程"]
    )

    private static func pick(_ list: [String], _ random: inout SeededRandomNumberGenerator) -> String {
        list[Int.random(in: list.indices, using: &random)]
    }
}
