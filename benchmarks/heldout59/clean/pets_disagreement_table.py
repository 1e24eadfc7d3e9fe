"""Epistemic disagreement table: predictions varying on both axes gathered in one go."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def gather_everything(pred, axes):
    return jax.lax.all_gather(pred, axes, axis=1, tiled=True, to="reduced")


def disagreement(pred, *, member_axis, batch_axis):
    centred = pred - pred.mean(axis=-1, keepdims=True)
    return gather_everything(centred, (member_axis, batch_axis))


def inputs():
    rng = np.random.default_rng(13)
    return (rng.normal(size=(4, 64, 6)).astype(np.float32),)


def main(pred):
    mesh = jax.make_mesh((2, 4), ("member", "batch"))
    spec = P("member", "batch", None)
    pred = jax.device_put(pred, NamedSharding(mesh, spec))
    body = functools.partial(disagreement, member_axis="member", batch_axis="batch")
    return jax.shard_map(body, mesh=mesh, in_specs=spec,
                         out_specs=P(None, None, None, reduced={"member", "batch"}))(pred)


if __name__ == "__main__":
    main(*inputs())
