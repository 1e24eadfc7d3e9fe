"""Delta-change and mean-bias corrections for a downscaled ensemble, picked by name."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CORRECTIONS = {}


def register(name):
    def deco(fn):
        CORRECTIONS[name] = fn
        return fn
    return deco


@register("mean_bias")
def mean_bias(hist, fut, axes):
    return jax.lax.psum(fut.mean(axis=0) - hist.mean(axis=0), axes)


@register("delta")
def delta_change(hist, fut, axes):
    member_axis, _ = axes
    ens = jax.lax.all_gather(fut.mean(axis=0) - hist.mean(axis=0), member_axis, to="reduced")
    return jax.lax.all_gather(ens, axes, axis=1, to="reduced", tiled=True)


RUN = {"method": "delta", "axes": ("member", "tile")}


def inputs():
    rng = np.random.default_rng(1)
    hist = rng.normal(285.0, 4.0, size=(16, 32)).astype(np.float32)
    fut = hist + rng.normal(1.5, 0.5, size=(16, 32)).astype(np.float32)
    return hist, fut


def main(hist, fut, run=RUN):
    axes = run["axes"]
    mesh = jax.make_mesh((2, 4), axes)
    spec = P(*axes)
    hist, fut = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (hist, fut))
    correct = CORRECTIONS[run["method"]]
    body = lambda h, f: correct(h, f, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=(spec, spec),
                         out_specs=P(reduced=set(axes)))(hist, fut)


if __name__ == "__main__":
    print(main(*inputs()))
