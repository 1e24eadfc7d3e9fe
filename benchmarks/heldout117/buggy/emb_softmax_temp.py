"""Two-tower retrieval: temperature-scaled in-batch logits for the contrastive loss.

Hyper-parameters arrive as a URL-style query string from the sweep service.
"""
from urllib.parse import parse_qs

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SWEEP = "mesh=4,2&axes=data,model&temperature=0.07&gather=model"


def settings(qs):
    raw = parse_qs(qs)
    return {
        "shape": tuple(int(x) for x in raw["mesh"][0].split(",")),
        "axes": tuple(raw["axes"][0].split(",")),
        "temperature": float(raw["temperature"][0]),
        "gather": raw["gather"][0],
    }


def logits_body(u, v, s):
    sim = u @ v.T
    sim = jax.lax.all_gather(sim, s["gather"], axis=1, tiled=True, to="reduced")
    return sim / s["temperature"]


def inputs():
    rng = np.random.default_rng(5)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(u, v):
    s = settings(SWEEP)
    mesh = jax.make_mesh(s["shape"], s["axes"])
    batch, cands = s["axes"]
    u = jax.device_put(u, NamedSharding(mesh, P(batch, None)))
    v = jax.device_put(v, NamedSharding(mesh, P(cands, None)))
    out = jax.shard_map(lambda a, b: logits_body(a, b, s), mesh=mesh,
                        in_specs=(P(batch, None), P(cands, None)),
                        out_specs=P(batch, None, reduced={cands}))(u, v)
    print(out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
