"""The DPO sigmoid loss with beta bound from the trainer config."""
import functools
import types

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TRAINER = types.SimpleNamespace(beta=0.1, label_smoothing=0.0, data_axis="data")


def dpo_loss(pi_chosen, pi_rejected, ref_chosen, ref_rejected, *, beta, axis):
    pi_margin = (pi_chosen - pi_rejected).sum(-1)
    ref_margin = (ref_chosen - ref_rejected).sum(-1)
    margins = jax.lax.all_gather(pi_margin - ref_margin, axis, tiled=True, to="reduced")
    losses = -jax.nn.log_sigmoid(beta * margins)
    return losses.sum()


def inputs():
    rng = np.random.default_rng(2626)
    return tuple(rng.standard_normal((8, 10)).astype(np.float32) for _ in range(4))


def main(*logps):
    mesh = jax.make_mesh((8,), (TRAINER.data_axis,))
    spec = P(TRAINER.data_axis)
    logps = [jax.device_put(a, NamedSharding(mesh, spec)) for a in logps]
    loss_fn = functools.partial(dpo_loss, beta=TRAINER.beta, axis=TRAINER.data_axis)
    fn = jax.shard_map(loss_fn, mesh=mesh, in_specs=(spec,) * 4, out_specs=P(reduced={TRAINER.data_axis}))
    return fn(*logps)


if __name__ == "__main__":
    print(main(*inputs()))
