import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"attn": {"q": P(("i", "j"), None), "o": P(None, "j")}}
OVERRIDES = {"attn": {"q": P(("i", "j"), None)}}
OVERRIDES["attn"]["q"] = P()
TABLE = {"mlp": {"up": P(("i", "j"), None)}}


def tune(table):
    mlp = table["mlp"]
    mlp.update(up=P("i", None))


def run(mesh, x):
    tune(TABLE)
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), {"attn": {"q": x, "o": x}}, SPECS)
        o = top_level_all_gather(placed["attn"]["o"], P(None, None, reduced={"j"}))  # none
        tuned = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), {"attn": {"q": x}}, OVERRIDES)
        q = top_level_all_gather(tuned["attn"]["q"], P(None, None))  # none
        up = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), {"mlp": {"up": x}}, TABLE)
        u = top_level_all_gather(up["mlp"]["up"], P(None, None, reduced={"i"}))  # none
        moved = jax.device_put({"attn": {"q": x}}, {"attn": {"q": NamedSharding(mesh, P("j", None))}})
        moved["attn"]["q"] = jax.reshard(moved["attn"]["q"], P())
        m = top_level_all_gather(moved["attn"]["q"], P(None, None))  # none
    return o, q, u, m
