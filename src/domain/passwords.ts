// Password rules for dashboard sign-up: at least PASSWORD_MIN_LENGTH characters (the schema,
// contract/auth.ts) and not easy to guess, as zxcvbn-ts scores it against its bundled lists of
// common passwords, names and words, keyboard patterns, dates and the person's own email.
import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core'
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common'
import { ApiError } from '../errors.ts'

/** zxcvbn's scale: 0 too guessable … 4 very unguessable; 3 resists an offline attack on a slow hash for a long while. */
export const PASSWORD_MIN_SCORE = 3

// Built on first use: the dictionaries take a moment and some memory, needed only at sign-up.
let factory: ZxcvbnFactory | null = null
const zxcvbn = () => (factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }))

/** Why zxcvbn scored it low, in words (its own feedback is translation keys). */
function reason(result: ZxcvbnResult): string {
  switch (result.feedback.warning) {
    case 'topTen':
    case 'topHundred':
    case 'common':
      return 'it is one of the most common passwords'
    case 'similarToCommon':
      return 'it is a common password with small changes'
    case 'wordByItself':
    case 'namesByThemselves':
    case 'commonNames':
    case 'userInputs':
      return 'it is a single word, a name or part of your email'
    case 'straightRow':
    case 'keyPattern':
      return 'it is a keyboard pattern'
    case 'simpleRepeat':
    case 'extendedRepeat':
    case 'sequences':
      return 'it repeats characters or follows a sequence'
    case 'recentYears':
    case 'dates':
      return 'it is built around a date or a year'
    default:
      return 'it is easy to guess'
  }
}

/**
 * 422 request.invalid (type password_too_weak, loc body.password) when the password is easy to
 * guess; the password itself is never echoed. `related` are the person's own texts (email,
 * workspace name), which a password must not lean on.
 */
export function assertStrongPassword(password: string, related: string[]): void {
  const result = zxcvbn().check(password, related)
  if (result.score >= PASSWORD_MIN_SCORE) return
  const msg = `This password is too easy to guess: ${reason(result)}. Use a longer phrase of several unrelated words.`
  throw new ApiError('request.invalid', `body.password: ${msg}`, {
    extra: {
      errors: [
        {
          type: 'password_too_weak',
          loc: ['body', 'password'],
          msg,
          input: null,
          ctx: { score: result.score, min_score: PASSWORD_MIN_SCORE },
        },
      ],
    },
  })
}
