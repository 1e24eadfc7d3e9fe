import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN_RULES = {"embed": "i", "mlp": "j"}
HOST_RULES = {"mlp": "j"}
AXES = {"up": ("embed", "mlp"), "down": ("mlp", "embed")}


def spec_for(logical, rules=TRAIN_RULES):
    return P(*(rules.get(a) for a in logical))


def main(mesh, w):
    params = {"up": w, "down": w.T}
    params = {k: jax.device_put(v, NamedSharding(mesh, spec_for(AXES[k]))) for k, v in params.items()}
    with jax.set_mesh(mesh):
        return top_level_all_gather(params["up"], spec_for(AXES["up"], HOST_RULES))  # SF104
