// Demo items for a fresh kiosk (`[data] demo_data = true`): a mail-like inbox with realistic
// senders and subjects in day sections, and Hebrew and Arabic items for right-to-left lists.
// Seeded once per database (remembered in `store_meta`), so deleting every item does not bring
// them back, and only into an empty one, so a real database never gets demo rows.

extension ItemStore {
    /// A list to seed and whether its items should be right-to-left text.
    public struct DemoList: Hashable, Sendable {
        public var listID: String
        public var rightToLeft: Bool

        public init(listID: String, rightToLeft: Bool) {
            self.listID = listID
            self.rightToLeft = rightToLeft
        }
    }

    /// Inserts the demo items for `lists` unless this database was seeded before. A seeded
    /// database is only read (no write lock), so an importer's long write transaction does not
    /// hold up the start.
    /// - Returns: true when items were inserted.
    @discardableResult
    public func seedDemoDataIfNeeded(_ lists: [DemoList], at time: StoreTime) throws(StoreError) -> Bool {
        guard try !isSeeded(), try !hasItems() else { return false }
        return try write("seed demo data") { () throws(StoreError) in
            // Re-read inside the write lock: another process may have seeded or imported meanwhile.
            guard try !isSeeded(), try !hasItems() else { return false }
            for list in lists {
                for item in Self.demoItems(listID: list.listID, rightToLeft: list.rightToLeft, time: time) {
                    try insertRow(item)
                }
            }
            try db.withStatement(
                "INSERT INTO store_meta (key, value) VALUES ('demo_seeded', ?1)", operation: "write store_meta") { s throws(StoreError) in
                try s.bind(1, String(time))
                try s.run()
            }
            return true
        }
    }

    /// Whether the database holds any item: demo data fills only a new, empty one (a real
    /// database opened with demo data on keeps its items, none replaced by a demo item's id).
    private func hasItems() throws(StoreError) -> Bool {
        try db.withStatement("SELECT 1 FROM items LIMIT 1", operation: "look for items") { s throws(StoreError) in try s.step() }
    }

    /// Whether the demo data was inserted before (`store_meta.demo_seeded`).
    private func isSeeded() throws(StoreError) -> Bool {
        try db.withStatement("SELECT 1 FROM store_meta WHERE key = 'demo_seeded'", operation: "read store_meta") { s throws(StoreError) in
            try s.step()
        }
    }

    /// (title, subtitle, body) of the left-to-right demo items.
    private static let latinSamples: [(String, String, String)] = [
        ("Maria Gonzalez", "Quarterly report draft", "I attached the draft with the Q3 figures; comments welcome before Friday."),
        ("Tom Becker", "Lunch on Thursday?", "The new place near the station has a terrace. 12:30?"),
        ("Service Desk", "Ticket #4821 resolved", "The printer on floor 2 has a new fuser unit and works again."),
        ("Aiko Tanaka", "Photos from the workshop", "Here are the whiteboard photos, the last two are the roadmap."),
        ("Facilities", "Fire drill at 10:00", "Please leave by the nearest exit and gather at point B."),
        ("Lukas Novak", "Re: shift swap", "Fine with me, I take Saturday and you take Tuesday."),
        ("Priya Raman", "Supplier visit", "Coldline will inspect the cooling units on Monday morning."),
        ("Delivery", "Parcel at reception", "A parcel for your team is waiting at the front desk."),
        ("Jonas Eriksson", "Training slots", "Forklift training has two places left next week."),
        ("Chloé Martin", "Menu for the event", "Vegetarian option confirmed; 40 guests so far."),
        ("IT Security", "Password expires in 3 days", "Change it at the kiosk or from any office PC."),
        ("Sam O'Neill", "Door 4 sensor", "Door 4 keeps opening by itself, can someone check the sensor?"),
        ("HR Team", "Holiday calendar 2025", "The calendar is on the board by the canteen."),
        ("Ana Silva", "Inventory count", "Aisle 7 is done; aisles 8 and 9 tomorrow."),
        ("Night shift", "Handover notes", "Line 2 stopped twice at 03:10, restarted without errors."),
        ("Marek Kowalski", "Re: spare parts", "Ordered the belts, delivery in five working days."),
        ("Quality", "Audit checklist", "Please tick off section C before the audit on the 14th."),
        ("Olivia Brown", "Thank you!", "Thanks to everyone who helped with the open day."),
        ("Canteen", "Today: lentil soup", "Also available: pasta with tomato sauce and a green salad."),
        ("Ravi Patel", "Badge not working", "My badge stopped working at the west entrance."),
        ("Maintenance", "Lift B out of service", "Lift B is serviced today between 13:00 and 15:00."),
        ("Emma Schulz", "Visitor at 15:00", "Two guests from Nordwind Logistics, please prepare badges."),
        ("Safety", "New signage", "New floor markings in hall 3 from Monday."),
        ("Kenji Sato", "Re: schedule", "Works for me, see you at the morning briefing."),
    ]

    /// (title, subtitle, body) of the right-to-left demo items: Hebrew and Arabic.
    private static let rightToLeftSamples: [(String, String, String)] = [
        ("דנה כהן", "דוח רבעוני", "צירפתי את הטיוטה עם נתוני הרבעון השלישי."),
        ("מחלקת תחזוקה", "המעלית יצאה משירות", "המעלית תושבת היום בין 13:00 ל־15:00."),
        ("יוסי לוי", "ארוחת צהריים ביום חמישי?", "המקום החדש ליד התחנה נראה טוב."),
        ("שירות לקוחות", "הפנייה טופלה", "המדפסת בקומה השנייה עובדת שוב."),
        ("נועה פרץ", "תמונות מהסדנה", "הנה התמונות מהלוח, האחרונות הן מפת הדרכים."),
        ("בטיחות", "תרגיל אש בשעה 10:00", "נא לצאת ביציאה הקרובה ולהתאסף בנקודה ב׳."),
        ("ليلى حداد", "تقرير الربع الثالث", "أرفقت المسودة مع أرقام الربع الثالث."),
        ("قسم الصيانة", "المصعد خارج الخدمة", "سيتم صيانة المصعد اليوم من الواحدة حتى الثالثة."),
        ("عمر خليل", "غداء يوم الخميس؟", "المطعم الجديد قرب المحطة يبدو جيداً."),
        ("مكتب الخدمة", "تم حل التذكرة", "الطابعة في الطابق الثاني تعمل من جديد."),
        ("سارة يوسف", "زيارة المورد", "سيفحص المورد وحدات التبريد صباح الاثنين."),
        ("السلامة", "لافتات جديدة", "علامات أرضية جديدة في القاعة ٣ ابتداءً من الاثنين."),
    ]

    /// Avatar colours for initials circles.
    private static let avatarColors = ["#FF9500", "#34C759", "#5856D6", "#FF2D55", "#007AFF", "#AF52DE", "#5AC8FA"]

    /// Sections of the demo items by position: an inbox by day, the right-to-left list by
    /// language (the first six samples are Hebrew, the rest Arabic).
    private static func demoSection(_ n: Int, rightToLeft: Bool) -> String {
        if rightToLeft { return n < 6 ? "עברית" : "العربية" }
        return n < 5 ? "Today" : n < 11 ? "Yesterday" : "Earlier"
    }

    /// The demo items of one list; a few are read, flagged, badged or archived so filtered lists have content.
    static func demoItems(listID: String, rightToLeft: Bool, time: StoreTime) -> [ItemRecord] {
        let samples = rightToLeft ? rightToLeftSamples : latinSamples
        return samples.enumerated().map { n, sample in
            ItemRecord(
                id: ItemID("\(listID)-\(n + 1)"), listID: listID, title: sample.0, subtitle: sample.1, body: sample.2,
                avatar: avatarColors[n % avatarColors.count], icon: n % 5 == 3 ? "paperclip" : nil,
                badge: n % 6 == 1 ? n % 4 + 1 : 0, unread: n % 3 != 2, flagged: n % 7 == 4,
                archived: n % 8 == 7, section: demoSection(n, rightToLeft: rightToLeft), sortKey: Int64(n + 1), updatedAt: time)
        }
    }
}
