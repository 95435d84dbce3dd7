#include <stdio.h>
#include "CProcessControl.h"

void workbook_line_buffer_standard_output(void) {
    setvbuf(stdout, NULL, _IOLBF, 0);
}

void workbook_flush_standard_output(void) {
    fflush(stdout);
}
