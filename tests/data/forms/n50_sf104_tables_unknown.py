import enum
from functools import partial
import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather
from mylib import AxisBase, configure

SPECS = {"w": P(("i", "j")), "b": P("i")}
PATCHED = {"w": P(("i", "j"))}
PATCHED["w"] = P("j")
PASSED = {"w": P(("i", "j"))}
configure(PASSED)
SPREAD = {"w": P(("i", "j")), **SPECS}


class Plain(enum.Enum):
    DATA = "i"


class Imported(AxisBase):
    DATA = "i"


@jax.jit
def put_traced(x, spec):
    return jax.device_put(x, NamedSharding(jax.sharding.get_abstract_mesh(), spec))


def put_star(x, *specs):
    return jax.device_put(x, NamedSharding(jax.sharding.get_abstract_mesh(), specs[0]))


def main(x, params, key):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    with jax.set_mesh(mesh):
        a = top_level_all_gather(jax.device_put(x, NamedSharding(mesh, PATCHED["w"])), P("i"))  # none
        b = top_level_all_gather(jax.device_put(x, NamedSharding(mesh, PASSED["w"])), P("j"))  # none
        c = top_level_all_gather(jax.device_put(x, NamedSharding(mesh, SPREAD["w"])), P("j"))  # none
        d = top_level_all_gather(jax.device_put(x, NamedSharding(mesh, SPECS[key])), P("j"))  # none
        e = top_level_all_gather(jax.device_put(x, NamedSharding(mesh, P(Plain.DATA))), P(None))  # none
        f = top_level_all_gather(jax.device_put(x, NamedSharding(mesh, P(Imported.DATA))), P(None))  # none
        g = top_level_all_gather(put_traced(x, P(("i", "j"))), P("j"))  # none
        h = top_level_all_gather(put_star(x, P(("i", "j"))), P("j"))  # none
        kept = {k: jax.device_put(v, NamedSharding(mesh, SPECS[k])) for k, v in params.items() if k != "w"}
        k = top_level_all_gather(kept["w"], P("j"))  # none
        t = jax.tree.map(lambda p, s=P(("i", "j")): jax.device_put(p, NamedSharding(mesh, s)), params)
        m = top_level_all_gather(t["w"], P("j"))  # none
    return a, b, c, d, e, f, g, h, k, m


def overwritten(params, other):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    with jax.set_mesh(mesh):
        placed = jax.device_put(params, {"w": NamedSharding(mesh, P(("i", "j")))})
        placed["w"] = other
        return top_level_all_gather(placed["w"], P("j"))  # none


def exported_twice(params, flag):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    with jax.set_mesh(mesh):
        twice = {}
        for name, spec in SPECS.items():
            twice[name] = jax.device_put(params[name], NamedSharding(mesh, spec))
        twice["w"] = params["w"]
        a = top_level_all_gather(twice["w"], P("j"))  # none
        nested = {}
        for name, spec in SPECS.items():
            if flag:
                nested[name] = jax.device_put(params[name], NamedSharding(mesh, spec))
        b = top_level_all_gather(nested["w"], P("j"))  # none
        zipped = {}
        for name, spec in zip(("w", "b"), (P("i"), P(("i", "j")))):
            zipped[name] = jax.device_put(params[name], NamedSharding(mesh, spec))
        c = top_level_all_gather(zipped["w"], P("j"))  # none
    return a, b, c


ALIASED = {"w": P(("i", "j"))}


def aliased(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    table = ALIASED
    table["w"] = P("j")
    with jax.set_mesh(mesh):
        return top_level_all_gather(jax.device_put(x, NamedSharding(mesh, ALIASED["w"])), P("j"))  # none


def _place(x, spec):
    return jax.device_put(x, NamedSharding(jax.sharding.get_abstract_mesh(), spec))


place_traced = jax.jit(_place)
place_donated = jax.jit(_place, donate_argnums=0)


def traced(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    with jax.set_mesh(mesh):
        a = top_level_all_gather(place_traced(x, P(("i", "j"))), P("j"))  # none
        b = top_level_all_gather(place_donated(x, P(("i", "j"))), P("j"))  # none
    return a, b
