"""Ralph's LRS API on the file-system backend, as `ralph runserver --backend fs` starts it, minus
two things that get in a test's way (scripts/xapi/ralph.sh):

- Ralph 5.1.0's file-system backend writes each POST with the operation type "create", which
  refuses a file that exists: the first POST stores its statements, every later one fails with
  500 "Statements bulk indexation failed". Appending is what an LRS store needs, so the backend's
  default operation type is set to "append" here.
- runserver runs uvicorn with reload=True, watching the current folder: a build there restarts
  the server. This runs uvicorn in-process without reload.

Settings come from the environment (RALPH_RUNSERVER_BACKEND=fs,
RALPH_BACKENDS__LRS__FS__DEFAULT_DIRECTORY_PATH, RALPH_AUTH_FILE), as runserver passes them.
Usage: python ralph_server.py PORT
"""

import sys

import uvicorn
from ralph.backends.data.base import BaseOperationType
from ralph.backends.data.fs import FSDataBackend

FSDataBackend.default_operation_type = BaseOperationType.APPEND
uvicorn.run("ralph.api:app", host="127.0.0.1", port=int(sys.argv[1]), log_level="info")
