import BookLanguages

/// The articles this book grew from, by the language they were written in, as the README's
/// Credits names them: each language's index shows the originals its readers can read.
struct SeedArticle {
    /// The title as the article gives it, or a description where our copy shows none.
    var title: String
    /// What the book takes from it, in English (the site's chrome is English).
    var note: String
    var address: String?

    static func written(in language: BookLanguage) -> [SeedArticle] {
        switch language {
        case .simplifiedChinese:
            return [
                SeedArticle(title: "Combine 中的 backpressure（《SwiftUI 和 Combine 编程》的补充文章）",
                            note: "by the book's author; chapters 1 and 2 and the exercises MyAssign, BatchSink, PausingSink and PausingSubscriber build on it (our copy names no title or address)"),
                SeedArticle(title: "Combine之自定义Operator", note: "2022-06-26; chapter 4 builds on it",
                            address: "https://github.com/agelessman/FuckingSwiftUI"),
            ]
        case .japanese:
            return [SeedArticle(title: "Combine で shareReplay を実装する記事",
                                note: "chapter 5 builds on it (our copy names no title, author or address)")]
        case .russian:
            return [SeedArticle(title: "Создание своего Publisher'a в Combine",
                                note: "published on Habr; chapter 3 builds on it (our copy names no author or address)")]
        default:
            return []
        }
    }
}
