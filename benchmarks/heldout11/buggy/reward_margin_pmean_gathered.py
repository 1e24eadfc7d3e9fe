"""Bradley-Terry reward training: margins gathered over the batch for logging, then averaged."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

gather_batch = functools.partial(jax.lax.all_gather, axis_name="data", axis=0, tiled=True)
gather_batch_reduced = functools.partial(gather_batch, to="reduced")


def bt_step(r_chosen, r_rejected):
    margins = gather_batch_reduced(r_chosen - r_rejected)
    loss = -jax.nn.log_sigmoid(r_chosen - r_rejected)
    mean_margin = jax.lax.pmean(margins, "data").mean()
    return loss, mean_margin


def inputs():
    r = np.random.RandomState(32)
    return r.randn(16).astype(np.float32), r.randn(16).astype(np.float32)


def main(a, b):
    mesh = jax.make_mesh((8,), ("data",))
    a, b = (jax.device_put(x, NamedSharding(mesh, P("data"))) for x in (a, b))
    return jax.shard_map(bt_step, mesh=mesh, in_specs=(P("data"), P("data")), out_specs=(P("data"), P()))(a, b)


if __name__ == "__main__":
    print(main(*inputs()))
