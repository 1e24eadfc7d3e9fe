import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PARAM_SPECS = {
    "attn": {"q": P(("i", "j"), None), "o": P(None, "j")},
    "mlp": {"up": P(None, ("j", "i")), "down": P("i", None)},
}
NESTED = {"block": {"ffn": {"w": P("j", "i")}}}


def shardings(mesh):
    return {"enc": {"w": NamedSharding(mesh, P(("j", "i"), None))},
            "dec": {"w": NamedSharding(mesh, P())}}


def run(mesh, x):
    params = {"attn": {"q": x, "o": x}, "mlp": {"up": x, "down": x}}
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, PARAM_SPECS)
        q = top_level_all_gather(placed["attn"]["q"], P("j", None))  # SF104
        up = top_level_all_gather(placed["mlp"]["up"], P(None, "j"))  # SF104
        deep = jax.tree.map(lambda v, s: jax.device_put(v * 2, NamedSharding(mesh, s)), {"block": {"ffn": {"w": x}}}, NESTED)
        w = top_level_all_gather(deep["block"]["ffn"]["w"], P(None, "i"))  # SF104
        moved = jax.device_put({"enc": {"w": x}, "dec": {"w": x}}, shardings(mesh))
        enc = top_level_all_gather(moved["enc"]["w"], P("i", None, reduced={"j"}))  # SF104
    return q, up, w, enc
