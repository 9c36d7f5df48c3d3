import type { ToolHandlers } from "../generated/handlers.js";
import { calculateBmi } from "./calculate_bmi.js";
import { calculateSum } from "./calculate_sum.js";
import { createRecord } from "./create_record.js";
import { deleteFile } from "./delete_file.js";
import { generateFantasyCharacter } from "./generate_fantasy_character.js";
import { getWeather } from "./get_weather.js";
import { launchConfetti } from "./launch_confetti.js";
import { searchFiles } from "./search_files.js";
import { sendNotification } from "./send_notification.js";
import { setUserRole } from "./set_user_role.js";
import { webSearch } from "./web_search.js";
import { exportRecords } from "./export_records.js";

export const handlers = {
  calculate_bmi: calculateBmi,
  calculate_sum: calculateSum,
  create_record: createRecord,
  delete_file: deleteFile,
  generate_fantasy_character: generateFantasyCharacter,
  get_weather: getWeather,
  launch_confetti: launchConfetti,
  search_files: searchFiles,
  send_notification: sendNotification,
  set_user_role: setUserRole,
  web_search: webSearch,
  export_records: exportRecords,
} satisfies ToolHandlers;
