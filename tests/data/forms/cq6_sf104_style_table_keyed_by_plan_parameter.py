"""A tensor-parallel plan names a style per weight; `parallelize` places each weight with the
train style its plan parameter names (`TRAIN[plan[name]]`), and the inference layout of the
column-wise weight is not a prefix of its train spec."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PLAN = {"wq": "colwise", "wo": "rowwise"}
TRAIN = {"colwise": P(None, ("i", "j")), "rowwise": P(("i", "j"), None)}
SERVE = {"colwise": P(None, "j", reduced={"i"}), "rowwise": P("i", None, reduced={"j"})}


def parallelize(params, mesh, plan):
    return {name: jax.device_put(w, NamedSharding(mesh, TRAIN[plan[name]])) for name, w in params.items()}


def to_inference(params, plan):
    out = {}
    for name, style in plan.items():
        out[name] = top_level_all_gather(params[name], SERVE[style])  # SF104
    return out


def main(mesh, x):
    with jax.set_mesh(mesh):
        placed = parallelize({"wq": x, "wo": x}, mesh, PLAN)
        return to_inference(placed, PLAN)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
