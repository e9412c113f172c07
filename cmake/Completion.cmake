# Generates the bash completion from the command's own option definitions
# (`approxcert --interface-json`, lib/cli/interface_json.hpp), so every command and option the
# binary has is completed and nothing it lacks is offered. Run as a script:
#   cmake -DAPPROXCERT=<binary> -DOUT=<file> -P cmake/Completion.cmake
include(${CMAKE_CURRENT_LIST_DIR}/InterfaceJson.cmake)
approxcert_read_interface(${APPROXCERT} doc)
string(JSON n LENGTH "${doc}" commands)
math(EXPR last "${n} - 1")
set(commands "")
set(option_cases "")
set(choice_cases "")
foreach(i RANGE ${last})
  string(JSON name GET "${doc}" commands ${i} name)
  list(APPEND commands ${name})
  string(JSON m LENGTH "${doc}" commands ${i} options)
  set(opts "")
  if(m GREATER 0)
    math(EXPR mlast "${m} - 1")
    foreach(j RANGE ${mlast})
      json_string_list("${doc}" names commands ${i} options ${j} names)
      list(APPEND opts ${names})
      string(JSON has_choices ERROR_VARIABLE no_choices GET "${doc}" commands ${i} options ${j} choices)
      string(JSON value ERROR_VARIABLE no_value GET "${doc}" commands ${i} options ${j} value)
      if(NOT no_choices)
        json_string_list("${doc}" words commands ${i} options ${j} choices)
        list(JOIN words " " words)
        foreach(opt ${names})
          string(APPEND choice_cases "    \"${name} ${opt}\") COMPREPLY=($(compgen -W \"${words}\" -- \"$cur\")); return ;;\n")
        endforeach()
      elseif(NOT no_value AND NOT value MATCHES "^(FILE|FOLDER|PATH)$")
        # A number, expression, box...: nothing to complete (file names would mislead).
        foreach(opt ${names})
          string(APPEND choice_cases "    \"${name} ${opt}\") return ;;\n")
        endforeach()
      endif()
    endforeach()
  endif()
  list(JOIN opts " " opts)
  string(APPEND option_cases "    ${name}) opts=\"${opts}\" ;;\n")
endforeach()
list(JOIN commands " " commands)
file(WRITE ${OUT} "# bash completion for approxcert (installed as share/bash-completion/completions/approxcert).
# Generated at build time from the command's option definitions (cmake/Completion.cmake): do not edit.
_approxcert() {
  local cur prev words cword
  _init_completion || return
  local commands=\"${commands}\"
  if [[ $cword -eq 1 ]]; then
    COMPREPLY=($(compgen -W \"$commands --help --version\" -- \"$cur\"))
    return
  fi
  local opts=\"\"
  case \"\${words[1]}\" in
${option_cases}  esac
  case \"\${words[1]} $prev\" in
${choice_cases}  esac
  if [[ \"$cur\" == -* ]]; then
    COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))
  else
    _filedir
  fi
}
complete -F _approxcert approxcert
")
