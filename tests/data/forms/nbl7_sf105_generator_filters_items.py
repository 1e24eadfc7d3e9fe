"""The generator yields only the items a condition keeps (here none): the loop may not run at all."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("data", "model")


def microbatches(img, txt, size):
    for start in range(0, img.shape[0], size):
        if start >= 100:
            yield img[start:start + size], txt[start:start + size]


def body(img, txt):
    total = 0.0
    for mi, mt in microbatches(img, txt, size=2):
        total = total + (mi * mt).sum()
    return jax.lax.psum(total, AXES)  # none


def inputs():
    rng = np.random.default_rng(0)
    return rng.normal(size=(8, 4)).astype(np.float32), rng.normal(size=(8, 4)).astype(np.float32)


def main(img, txt):
    mesh = jax.make_mesh((2, 4), AXES)
    img = jax.device_put(img, NamedSharding(mesh, P("data", None)))
    txt = jax.device_put(txt, NamedSharding(mesh, P("data", None)))
    return jax.shard_map(body, mesh=mesh, in_specs=(P("data", None), P("data", None)), out_specs=P())(img, txt)


if __name__ == "__main__":
    print(main(*inputs()))
