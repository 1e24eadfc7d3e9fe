"""As cp1, but `configure` replaces the table's item before the loop may run: which tuple the
loop unpacks is not what the module's text shows, so nothing is said."""
import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

PARAMS = {
    "w": ("normal", (8, 8), P("i", "j"), P(None, None, reduced={"i", "j"})),
}


def configure():
    PARAMS["w"] = ("normal", (8, 8), P("i", "j"), P(None, "j", reduced={"i"}))


def main(mesh, x):
    configure()
    placed = {k: jax.device_put(x, NamedSharding(mesh, PARAMS[k][2])) for k in PARAMS}
    out = {}
    with jax.set_mesh(mesh):
        for name, (_, _, spec, host) in PARAMS.items():
            out[name] = top_level_all_gather(placed[name], host)
    return out
