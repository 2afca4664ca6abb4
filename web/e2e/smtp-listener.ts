import { mkdirSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { join } from 'node:path'

/**
 * A real SMTP listener for the end-to-end tests: it speaks enough SMTP for the
 * server's net/smtp client and writes each message to dir as NNN.eml, so tests
 * (in other processes) can read what was sent.
 */
export function startSMTP(dir: string): Promise<{ server: Server; port: number }> {
  mkdirSync(dir, { recursive: true })
  let count = 0
  const server = createServer((socket) => {
    socket.setEncoding('utf8')
    let buffer = ''
    let inData = false
    let data = ''
    const say = (line: string) => socket.write(line + '\r\n')
    say('220 e2e ESMTP')
    socket.on('data', (chunk: string) => {
      buffer += chunk
      let i: number
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i)
        buffer = buffer.slice(i + 2)
        if (inData) {
          if (line === '.') {
            inData = false
            count += 1
            writeFileSync(join(dir, `${String(count).padStart(3, '0')}.eml`), data)
            data = ''
            say('250 OK: queued')
          } else {
            data += (line.startsWith('.') ? line.slice(1) : line) + '\n'
          }
          continue
        }
        const cmd = line.toUpperCase()
        if (cmd.startsWith('EHLO') || cmd.startsWith('HELO')) say('250-e2e\r\n250 8BITMIME')
        else if (cmd.startsWith('MAIL FROM:') || cmd.startsWith('RCPT TO:') || cmd === 'RSET' || cmd === 'NOOP') say('250 OK')
        else if (cmd === 'DATA') {
          inData = true
          say('354 End data with <CR><LF>.<CR><LF>')
        } else if (cmd === 'QUIT') {
          say('221 Bye')
          socket.end()
        } else say('502 Command not implemented')
      }
    })
    socket.on('error', () => socket.destroy())
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address()
      resolve({ server, port: typeof addr === 'object' && addr ? addr.port : 0 })
    })
  })
}
