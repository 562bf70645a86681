// Registers Spellweavers' builder operations (build_operations.h) under "spellweavers", so
// `warband build spellweavers OP ...` and later the browser reach them through the registry.
#include "core/builder.h"
#include "rulesets/spellweavers/build_operations.h"

namespace warband::spellweavers {
namespace {

const BuilderRegistrar registrar(BuilderHooks{
    "spellweavers",
    "Spellweavers (seed 002): the spell creator (power, MP cost) and wizards (talent, spell list)",
    build_operations(),
    document_kinds(),
});

}  // namespace
}  // namespace warband::spellweavers
