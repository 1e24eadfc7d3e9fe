"""CTR model: Platt calibration of the tower logits before writing predictions.

Steps run from a pipe-separated spec; parameters are "key=value" after the op name.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = "dp=2,tp=4"
STEPS = "logits|gather axis=tp|calibrate a=1.7 b=-0.3"


def parse_step(text):
    name, *kv = text.split()
    return name, {k: v for k, v in (p.split("=") for p in kv)}


def step_logits(x, w, **_):
    return x @ w


def step_gather(h, w, axis):
    return jax.lax.all_gather(h, axis, axis=1, tiled=True, to="reduced")


def step_calibrate(h, w, a, b):
    return jax.nn.sigmoid(float(a) * h + float(b))


DISPATCH = {"logits": step_logits, "gather": step_gather, "calibrate": step_calibrate}


def inputs():
    rng = np.random.default_rng(15)
    return rng.normal(size=(8, 16)).astype(np.float32), (rng.normal(size=(16, 8)) * 0.2).astype(np.float32)


def main(x, w):
    pairs = [p.split("=") for p in MESH.split(",")]
    mesh = jax.make_mesh(tuple(int(n) for _, n in pairs), tuple(a for a, _ in pairs))
    x = jax.device_put(x, NamedSharding(mesh, P("dp", None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "tp")))

    def body(x, w):
        h = x
        for text in STEPS.split("|"):
            name, kw = parse_step(text)
            h = DISPATCH[name](h, w, **kw)
        return h

    p = jax.shard_map(body, mesh=mesh, in_specs=(P("dp", None), P(None, "tp")),
                      out_specs=P("dp", None, reduced={"tp"}))(x, w)
    print(p.shape)
    return p


if __name__ == "__main__":
    main(*inputs())
