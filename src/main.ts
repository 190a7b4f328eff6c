#!/usr/bin/env node
import { processIo } from './cli/io.js';
import { runProgram } from './cli/program.js';

// A command that failed ends the process at once; one that succeeded lets it end when its work
// is done (`serve` and `worker` keep running).
const code = await runProgram(process.argv, processIo);
if (code !== 0) process.exit(code);
