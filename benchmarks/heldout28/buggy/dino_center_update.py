"""DINO teacher centring: a running centre of teacher outputs, updated with momentum."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def build_center_update(mesh, data_axis="data", proto_axis="model", momentum=0.9):
    n_data = mesh.shape[data_axis]

    @functools.partial(jax.shard_map, mesh=mesh,
                       in_specs=(P(data_axis, proto_axis), P(None, proto_axis)),
                       out_specs=(P(None, proto_axis), P(None, proto_axis, reduced={data_axis})))
    def update(teacher_out, center):
        batch_center = jax.lax.psum(teacher_out.sum(axis=0, keepdims=True), data_axis)
        batch_center = batch_center / (teacher_out.shape[0] * n_data)
        history = jax.lax.all_gather(batch_center, data_axis, tiled=True, to="reduced")
        return momentum * center + (1 - momentum) * batch_center, history

    return update


def inputs():
    rng = np.random.default_rng(28)
    return (rng.normal(size=(8, 16)).astype(np.float32), np.zeros((1, 16), np.float32))


def main(teacher_out, center):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    teacher_out = jax.device_put(teacher_out, NamedSharding(mesh, P("data", "model")))
    center = jax.device_put(center, NamedSharding(mesh, P(None, "model")))
    return build_center_update(mesh)(teacher_out, center)


if __name__ == "__main__":
    c, h = main(*inputs())
    print(c.shape, h.shape)
