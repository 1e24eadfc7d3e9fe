"""A service answers each request with the result's shape and values as JSON-ready lists
(`list(out.shape)`, `out.argmax(-1).tolist()`, of arrays whose rank the run does not follow);
the second request asks for the dump, whose gather meets a value already reduced."""
import functools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = None


def configure(text):
    global AXES
    AXES = tuple(text.split(","))


@functools.lru_cache(maxsize=None)
def compiled(mesh, dump):
    batch, model = AXES

    def body(x):
        full = jax.lax.all_gather(x, model, axis=1, tiled=True, to="reduced")
        if dump:
            return jax.lax.all_gather(full, (batch, model), axis=0, tiled=True, to="reduced")  # SF102
        return full

    out_specs = P(None, None, reduced={batch, model}) if dump else P(batch, None, reduced={model})
    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P(batch, model), out_specs=out_specs))


def handle(request, mesh, x):
    out = compiled(mesh, request.get("dump", False))(x)
    return {"shape": list(out.shape), "argmax": np.asarray(out).argmax(axis=-1).tolist()}


def main():
    configure("batch,model")
    mesh = jax.make_mesh((2, 4), AXES)
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(*mesh.axis_names)))
    first = handle({}, mesh, x)
    print("plain", first["shape"])
    return handle({"dump": True}, mesh, x)


if __name__ == "__main__":
    main()
