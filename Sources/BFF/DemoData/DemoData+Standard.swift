/// The demo world: the current user, fifteen friends and 36 moments from minutes to months old.
///
/// Pictures are local files under `Public/images` (made by `scripts/generate-demo-images.py`):
/// avatar `NN.png` belongs to user `N`, and each of the 40 photos appears in exactly one moment,
/// under a title that matches what it shows.
extension DemoData {
    static let standard = DemoData(
        users: [
            user("0", "Alex Chen", background: 0),
            user("1", "Emma Wilson", background: 1),
            user("2", "Jordan Brooks", background: 2),
            user("3", "林小雨", background: 1),
            user("4", "Marcus Johnson", background: 2),
            user("5", "Sophie O'Brien", background: 1),
            user("6", "王芳", background: 2),
            user("7", "张伟", background: 1),
            user("8", "Mia Rodríguez", background: 2),
            user("9", "刘洋", background: 1),
            user("10", "Lukas Becker", background: 2),
            user("11", "陈建国", background: 1),
            user("12", "Aisha Rahman", background: 2),
            user("13", "Daniel Okafor", background: 1),
            user("14", "Ethan Miller", background: 2),
            user("15", "黄思琪", background: 1),
        ],
        moments: [
            photos("1", by: "3", .minutes(8), "周末的早晨，先来一杯手冲 ☕️", [1, 19], likedBy: ["5", "8", "0"]),
            photos("2", by: "1", .minutes(25), "Golden hour never disappoints 🌄", [0], likedBy: ["4", "6", "9", "12"]),
            link("3", by: "7", .minutes(47), "Swift 6 的并发检查把我们项目里藏了两年的数据竞争都揪出来了",
                 "https://www.swift.org/documentation/concurrency/", likedBy: ["0"]),
            photos("4", by: "2", .hours(1), "Couldn't sleep, so I went for a walk downtown.", [2, 33], likedBy: []),
            photos("5", by: "15", .hours(2), "阳台上的绿植又添了几盆，越看越喜欢 🌱", [9, 23, 37], likedBy: ["3", "6", "0"]),
            link("6", by: "10", .hours(3), "Finally read SwiftNIO's channel pipeline docs end to end. Worth an evening.",
                 "https://github.com/apple/swift-nio", likedBy: ["4"]),
            photos("7", by: "4", .hours(5), "Beach day with the kids. There is now sand in every corner of the car.", [3],
                   likedBy: ["1", "5", "12", "13", "0"]),
            photos("8", by: "9", .hours(7), "今晚的拉面，汤底熬了十二个小时 🍜", [16], likedBy: ["7", "11"]),
            photos("9", by: "0", .hours(9), "Trying the new camera on a misty trail", [5, 39], likedBy: ["1", "3", "15"]),
            link("10", by: "12", .hours(14), "Re-reading the HIG before tomorrow's design review. Still the best reference.",
                 "https://developer.apple.com/design/human-interface-guidelines/", likedBy: ["8"]),
            photos("11", by: "6", .hours(20), "午饭：三文鱼牛油果 poke，健康又好吃", [6], likedBy: ["3", "15"]),
            photos("12", by: "5", .days(1), "Arches, circles and waves: my new pastel wallpaper series is up!", [14, 28, 34],
                   likedBy: ["1", "8", "10", "0"]),
            photos("13", by: "13", .hours(30), "Caught the Milky Way at 3 a.m. Totally worth the lost sleep.", [7],
                   likedBy: ["2", "4", "5", "9", "14", "1", "0"]),
            link("14", by: "11", .days(2), "退休以后开始学编程，这个中文 Swift 教程写得很清楚",
                 "https://www.runoob.com/swift/swift-tutorial.html", likedBy: ["9", "7"]),
            photos("15", by: "8", .hours(54), "Hot air balloons over the valley 🎈 Bucket list: checked.", [11, 38],
                   likedBy: ["2", "4", "6", "13"]),
            link("16", by: "14", .days(3), "Today's front page is all about SQLite and I'm here for it.",
                 "https://news.ycombinator.com/", likedBy: ["10"]),
            photos("17", by: "3", .hours(80), "秋天的树林，每一步都踩在落叶上 🍂", [20], likedBy: ["6", "15", "0"]),
            photos("18", by: "2", .days(4), "Citrus season. Made marmalade for the whole street.", [12, 26], likedBy: ["5"]),
            photos("19", by: "7", .days(5), "出差路过沙漠，日落时的沙丘和夜空都太美了", [10, 24, 35], likedBy: ["9", "11", "3"]),
            link("20", by: "1", .days(6), "A new recipe every Sunday this year. Week 23!",
                 "https://www.bbc.co.uk/food/recipes", likedBy: ["4", "12"]),
            photos("21", by: "15", .weeks(1), "极光！！！人生清单又划掉一项 ✨", [18], likedBy: ["3", "6", "7", "9", "11", "0"]),
            photos("22", by: "10", .days(8), "Alpine lake, 6 a.m., 2 °C. The coffee tasted amazing up there.", [8], likedBy: []),
            link("23", by: "9", .days(9), "终于搞懂 SQLite 的 WAL 模式了：读和写不再互相阻塞",
                 "https://www.sqlite.org/wal.html", likedBy: ["7", "10", "0"]),
            photos("24", by: "12", .days(11), "Smoothie bowls are my new Sunday ritual 🥝", [30], likedBy: ["1", "8"]),
            photos("25", by: "4", .weeks(2), "Sunset from the rooftop after a long week.", [13], likedBy: ["2"]),
            link("26", by: "6", .days(16), "这篇讲时间管理的文章，看完很有收获",
                 "https://sspai.com/", likedBy: ["3"]),
            photos("27", by: "0", .days(18), "First attempts at generative art: synthwave and grids 🎛️", [21, 4],
                   likedBy: ["5", "8", "13"]),
            photos("28", by: "13", .weeks(3), "The moon over the lake last night. No filter.", [29, 36], likedBy: ["12", "14"]),
            link("29", by: "5", .days(24), "Published my first Figma community file: a pastel icon set, free to use.",
                 "https://www.figma.com/community", likedBy: ["1", "8", "15", "12"]),
            photos("30", by: "11", .days(31), "带孙子去海边看日落", [17, 31], likedBy: ["9", "6", "3", "0"]),
            photos("31", by: "8", .weeks(5), "Winter forest walk. Everything is so quiet under the snow ❄️", [32],
                   likedBy: ["10"]),
            photos("32", by: "14", .weeks(6), "Downtown on a clear day, all the way to the bay.", [25], likedBy: []),
            link("33", by: "7", .days(61), "GRDB 大概是 Swift 里最顺手的 SQLite 库了",
                 "https://github.com/groue/GRDB.swift", likedBy: ["9", "0"]),
            photos("34", by: "3", .days(72), "晨雾里的远山，像一幅水墨画", [15, 27], likedBy: ["6", "11", "15"]),
            link("35", by: "2", .days(93), "Planning next summer's road trip. Which national parks are a must?",
                 "https://www.nps.gov/findapark/", likedBy: ["4", "13"]),
            photos("36", by: "1", .days(118), "Last swim of the summer, right before sunset.", [22], likedBy: ["5", "14"]),
        ]
    )

    /// User `id` with avatar `/images/avatars/<id>.png`.
    private static func user(_ id: String, _ name: String, background: Int) -> User {
        User(id: id, name: name, avatar: "/images/avatars/\(twoDigits(Int(id)!)).png",
             backgroundImage: "/images/backgrounds/\(twoDigits(background)).jpg")
    }

    private static func photos(
        _ id: String, by authorID: String, _ age: Age, _ title: String, _ photos: [Int], likedBy: [String]
    ) -> Moment {
        Moment(id: id, authorID: authorID, age: age, title: title,
               content: .photos(photos.map { "/images/photos/\(twoDigits($0)).jpg" }), likedBy: likedBy)
    }

    private static func link(_ id: String, by authorID: String, _ age: Age, _ title: String, _ url: String,
                             likedBy: [String]) -> Moment {
        Moment(id: id, authorID: authorID, age: age, title: title, content: .url(url), likedBy: likedBy)
    }

    private static func twoDigits(_ number: Int) -> String {
        number < 10 ? "0\(number)" : "\(number)"
    }
}
