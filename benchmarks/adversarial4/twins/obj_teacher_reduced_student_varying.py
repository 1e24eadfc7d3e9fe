"""Frozen teacher weights are gathered to reduced (used only through @); the student's are varying."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Head:
    def __init__(self, w, axis, frozen):
        self.w = jax.lax.all_gather(w, axis, to="reduced" if frozen else "varying", tiled=True)

    def apply(self, x):
        return x @ self.w

    def penalty(self):
        return 0.01 * jnp.sum(jax.nn.relu(self.w))


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4) / 32, np.arange(32, dtype=np.float32).reshape(8, 4) / 16,
            np.ones((4, 8), np.float32))


def main(tw, sw, x):
    mesh = jax.make_mesh((8,), ("fsdp",))
    tw = jax.device_put(tw, NamedSharding(mesh, P("fsdp")))
    sw = jax.device_put(sw, NamedSharding(mesh, P("fsdp")))
    x = jax.device_put(x, NamedSharding(mesh, P()))

    def body(twb, swb, xb):
        teacher = Head(twb, "fsdp", frozen=True)
        student = Head(swb, "fsdp", frozen=True)
        t = teacher.apply(xb)
        s = student.apply(xb)
        return jax.lax.pmean(jnp.mean((s - t) ** 2) + student.penalty(), "fsdp")

    return jax.shard_map(body, mesh=mesh, in_specs=(P("fsdp"), P("fsdp"), P()), out_specs=P())(tw, sw, x)


if __name__ == "__main__":
    print(main(*inputs()))
