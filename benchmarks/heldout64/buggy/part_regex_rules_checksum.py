"""EasyLM-like regex partition rules; a checksum of each weight taken on its gathered copy."""
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def get_partition_rules():
    return (
        ("transformer/wte/embedding", P("tensor", "fsdp")),
        ("attention/(wq|wk|wv)/kernel", P("fsdp", "tensor")),
        ("attention/wo/kernel", P("tensor", "fsdp")),
        (".*", P(None)),
    )


def match_partition_rules(rules, params):
    def spec_for(path):
        for pattern, spec in rules:
            if re.search(pattern, path) is not None:
                return spec
        raise ValueError(f"no partition rule for {path}")
    return {path: spec_for(path) for path in params}


def checksum(path, w, spec):
    inner = spec[1]
    w = jax.lax.all_gather(w, inner, axis=1, tiled=True, to="reduced")
    gathered = jax.lax.all_gather(w, tuple(a for a in spec if a is not None), axis=0, tiled=True, to="reduced")
    return jnp.sum(gathered * gathered)


def inputs():
    rng = np.random.default_rng(37)
    return ({"transformer/h/0/attention/wq/kernel": rng.standard_normal((8, 8)).astype(np.float32)},)


def main(params):
    mesh = jax.make_mesh((2, 2, 2), ("data", "fsdp", "tensor"))
    specs = match_partition_rules(get_partition_rules(), params)
    params = {p: jax.device_put(v, NamedSharding(mesh, specs[p])) for p, v in params.items()}
    results = {}
    for path, w in params.items():
        fn = jax.shard_map(lambda x, path=path: checksum(path, x, specs[path]), mesh=mesh,
                           in_specs=(specs[path],), out_specs=P(reduced={"fsdp", "tensor"}))
        results[path] = jax.jit(fn)(w)
    return results


if __name__ == "__main__":
    main(*inputs())
