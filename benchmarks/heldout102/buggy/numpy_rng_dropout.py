"""A host-side np.random.default_rng(seed) draws the dropout keep-probability once."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def draw_keep_prob(seed):
    rng = np.random.default_rng(seed)
    return float(rng.uniform(0.8, 0.95))


def make_body(keep):
    def body(h, mask):
        full = jax.lax.all_gather(h, "model", axis=1, tiled=True, to="reduced")
        return jnp.where(mask, full / keep, 0.0)
    return body


def inputs():
    rng = np.random.default_rng(48)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.uniform(size=(16, 8)) > 0.1


def main(h, mask):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    fn = jax.shard_map(make_body(draw_keep_prob(seed=0)), mesh=mesh,
                       in_specs=(P("data", "model"), P("data", None)),
                       out_specs=P("data", None, reduced={"model"}))
    return fn(jax.device_put(h, NamedSharding(mesh, P("data", "model"))),
              jax.device_put(mask, NamedSharding(mesh, P("data", None))))


if __name__ == "__main__":
    main(*inputs())
