"""Save the weights of an equivariant linear layer: one full copy of each irrep block."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LOGICAL_RULES = (("mul_in", "channel"), ("mul_out", None), ("batch", "data"))


def logical_to_mesh(*names):
    rules = dict(LOGICAL_RULES)
    return P(*(rules[n] for n in names))


PARAM_AXES = {"0e": ("mul_in", "mul_out"), "1o": ("mul_in", "mul_out")}


def init_linear(rng, mul_in, mul_out):
    return {ir: rng.normal(size=(mul_in, mul_out)).astype(np.float32) for ir in PARAM_AXES}


def place(params, mesh):
    return {ir: jax.device_put(w, NamedSharding(mesh, logical_to_mesh(*PARAM_AXES[ir])))
            for ir, w in params.items()}


def gather_for_save(params):
    return {ir: top_level_all_gather(w, P(None, None, reduced={"channel"})) for ir, w in params.items()}


def inputs():
    return (init_linear(np.random.default_rng(15), 8, 4),)


def main(params):
    mesh = jax.make_mesh((2, 4), ("data", "channel"))
    placed = place(params, mesh)
    with mesh:
        saved = gather_for_save(placed)
    return saved


if __name__ == "__main__":
    main(*inputs())
