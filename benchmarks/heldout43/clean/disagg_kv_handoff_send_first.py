"""Hand the prefilled KV cache of each rank to its peer on the decode instance."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

INSTANCE, TP = "instance", "tp"
HANDOFF_AXES = (INSTANCE, TP)


def handoff_pairs(num_instances, tp_size):
    pairs = []
    for rank in range(tp_size):
        for inst in range(num_instances):
            src = inst * tp_size + rank
            dst = ((inst + 1) % num_instances) * tp_size + rank
            pairs.append((src, dst))
    return pairs


def make_handoff(num_instances, tp_size):
    pairs = handoff_pairs(num_instances, tp_size)

    def handoff(kv):
        received = jax.lax.ppermute(kv, HANDOFF_AXES, perm=pairs)
        return jax.lax.all_gather(received, TP, axis=2, tiled=True, to="reduced")

    return handoff


def inputs():
    rng = np.random.default_rng(62)
    return (rng.normal(size=(4, 6, 8, 4)).astype(np.float32),)


def main(kv):
    mesh = jax.make_mesh((2, 4), HANDOFF_AXES)
    spec = P(INSTANCE, None, TP, None)
    kv = jax.device_put(kv, NamedSharding(mesh, spec))
    fn = jax.shard_map(make_handoff(mesh.shape[INSTANCE], mesh.shape[TP]), mesh=mesh, in_specs=spec,
                       out_specs=P(INSTANCE, None, None, None, reduced={TP}))
    return fn(kv)


if __name__ == "__main__":
    main(*inputs())
