# g16k_add_plugin(target source...): a g16k provider plugin, built the only way the loader
# accepts without surprises (sdk/README.md):
#  - a MODULE library named lib<target>.so (dlopen()ed, never linked against);
#  - hidden visibility, so nothing leaks but what is marked G16K_PLUGIN_EXPORT;
#  - -Wl,-z,defs: every symbol resolved at link time (a plugin links nothing of g16k's, so a
#    missing symbol is a bug, found here instead of at dlopen);
#  - the version script g16k-plugin.map: g16k_plugin_entry is the one exported symbol.
# Link your own dependencies with target_link_libraries(target PRIVATE ...) as usual.
function(g16k_add_plugin target)
  if(NOT ARGN)
    message(FATAL_ERROR "g16k_add_plugin(${target}): no sources")
  endif()
  set(_map "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/g16k-plugin.map")
  add_library(${target} MODULE ${ARGN})
  target_link_libraries(${target} PRIVATE g16k::plugin)
  set_target_properties(${target} PROPERTIES
      PREFIX "lib"
      C_VISIBILITY_PRESET hidden
      CXX_VISIBILITY_PRESET hidden
      VISIBILITY_INLINES_HIDDEN ON
      LINK_DEPENDS "${_map}")
  target_link_options(${target} PRIVATE "LINKER:-z,defs" "LINKER:--version-script=${_map}")
endfunction()
