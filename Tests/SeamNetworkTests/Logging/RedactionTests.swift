import Foundation
import HTTPTypes
import SeamNetwork
import Testing

@Suite("Redaction")
struct RedactionTests {
    let redaction = Redaction.standard

    @Test("secret query values and URL passwords are replaced; everything else is kept as it was")
    func urls() {
        #expect(
            redaction.redact(
                URL(string: "https://api.example/spots?region=clare&access_token=abc123&api_key=k&key=zz&page=2")!)
                == "https://api.example/spots?region=clare&access_token=<redacted>&api_key=<redacted>&key=<redacted>&page=2"
        )
        #expect(
            redaction.redact(URL(string: "https://user:hunter2@api.example/x?Token=1#frag")!)
                == "https://user:<redacted>@api.example/x?Token=<redacted>#frag")
        #expect(
            redaction.redact(URL(string: "https://api.example/x?q=token-free&flag")!)
                == "https://api.example/x?q=token-free&flag")
        #expect(
            redaction.redact(URL(string: "https://api.example/x?refresh%5Ftoken=s")!)
                == "https://api.example/x?refresh%5Ftoken=<redacted>")
    }

    @Test("secret headers: Authorization, cookies, and names with token, secret, password or api-key")
    func headers() {
        let fields: HTTPFields = [
            .authorization: "Bearer abc", .cookie: "session=1", .setCookie: "s=2", .accept: "application/json",
            HTTPField.Name("X-API-Key")!: "k1", HTTPField.Name("X-Refresh-Token")!: "r1",
            HTTPField.Name("X-Trace")!: "t",
        ]
        #expect(
            redaction.redact(fields) == [
                "Authorization: <redacted>", "Cookie: <redacted>", "Set-Cookie: <redacted>", "Accept: application/json",
                "X-API-Key: <redacted>", "X-Refresh-Token: <redacted>", "X-Trace: t",
            ])
    }

    @Test("apps add their own names")
    func custom() {
        var redaction = Redaction.standard
        redaction.headerNames.insert("x-session")
        redaction.queryNames.insert("sid")
        #expect(redaction.isSecret(header: HTTPField.Name("X-Session")!))
        #expect(
            redaction.redact(URL(string: "https://a.example/?sid=1&id=2")!) == "https://a.example/?sid=<redacted>&id=2")
    }
}
