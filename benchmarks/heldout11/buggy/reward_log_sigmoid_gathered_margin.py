"""DPO-like preference loss over the whole batch: chosen and rejected rewards gathered first."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def gather_rewards(r):
    return jax.lax.all_gather(r, "batch", axis=0, tiled=True, to="reduced")


def preference_loss(r_chosen, r_rejected):
    margin = gather_rewards(r_chosen) - gather_rewards(r_rejected)
    return -jax.nn.log_sigmoid(margin)


def inputs():
    r = np.random.RandomState(35)
    return r.randn(16, 2).astype(np.float32), r.randn(16, 2).astype(np.float32)


def main(a, b):
    mesh = jax.make_mesh((4, 2), ("batch", "head"))
    spec = P("batch", "head")
    a, b = (jax.device_put(x, NamedSharding(mesh, spec)) for x in (a, b))
    return jax.shard_map(preference_loss, mesh=mesh, in_specs=(spec, spec),
                         out_specs=P(None, "head", reduced={"batch"}))(a, b)


if __name__ == "__main__":
    print(main(*inputs()).shape)
