// size-limit's checks (`npm run test:size`): derived from the build's manifest by scripts/size-budgets.ts.
import { sizeChecksOfBuild } from './scripts/size-budgets.ts';

export default sizeChecksOfBuild();
