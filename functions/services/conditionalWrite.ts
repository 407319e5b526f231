/**
 * Runs a conditional DynamoDB write whose unmet condition is an expected answer, not an error:
 * true when it was written, false when the condition did not hold. Anything else is thrown.
 */
export async function writeIf(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
