"""rec_ctr_zero.py: CTR model whose dense-layer gradients are reduce-scattered (ZeRO-2 style)."""
import contextlib

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# --- torchish: the torch.nn / torch.distributed / DataLoader bits our port uses (pasted) -----


class Module:
    def __init__(self):
        object.__setattr__(self, "_params", {})
        object.__setattr__(self, "_buffers", {})
        object.__setattr__(self, "_modules", {})
        object.__setattr__(self, "training", True)

    def __setattr__(self, name, value):
        if isinstance(value, Module):
            self._modules[name] = value
        object.__setattr__(self, name, value)

    def register_parameter(self, name, value):
        self._params[name] = value
        object.__setattr__(self, name, value)

    def register_buffer(self, name, value):
        self._buffers[name] = value
        object.__setattr__(self, name, value)

    def named_parameters(self, prefix=""):
        yield from ((prefix + k, v) for k, v in self._params.items())
        for name, m in self._modules.items():
            yield from m.named_parameters(prefix + name + ".")

    def state_dict(self, prefix=""):
        out = {prefix + k: v for k, v in {**self._params, **self._buffers}.items()}
        for name, m in self._modules.items():
            out.update(m.state_dict(prefix + name + "."))
        return out

    def load_state_dict(self, sd, prefix=""):
        for k in list(self._params):
            self.register_parameter(k, sd[prefix + k])
        for k in list(self._buffers):
            self.register_buffer(k, sd[prefix + k])
        for name, m in self._modules.items():
            m.load_state_dict(sd, prefix + name + ".")
        return self

    def train(self, mode=True):
        object.__setattr__(self, "training", mode)
        for m in self._modules.values():
            m.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def to(self, device):
        return self

    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)


class ModuleList(Module):
    def __init__(self, mods):
        super().__init__()
        for i, m in enumerate(mods):
            setattr(self, str(i), m)

    def __iter__(self):
        return iter(self._modules.values())


class ReduceOp:
    SUM, AVG, MAX = "sum", "avg", "max"


class ProcessGroup:
    def __init__(self, axes):  # the mesh axes the group's ranks span
        self.axes = tuple(axes) if isinstance(axes, (tuple, list)) else (axes,)

    @property
    def axis(self):
        return self.axes[0] if len(self.axes) == 1 else self.axes


class _Distributed:
    mesh = WORLD = None

    def init_process_group(self, backend="xla", mesh=None):
        self.mesh, self.WORLD = mesh, ProcessGroup(mesh.axis_names)

    def new_group(self, ranks=None, axes=None):
        return ProcessGroup(axes)

    def get_world_size(self, group=None):
        return int(np.prod([self.mesh.shape[a] for a in (group or self.WORLD).axes]))

    def get_rank(self, group=None):
        return jax.lax.axis_index((group or self.WORLD).axis)

    def all_reduce(self, tensor, op=ReduceOp.SUM, group=None):
        axis = (group or self.WORLD).axis
        if op == ReduceOp.AVG:
            return jax.lax.pmean(tensor, axis)
        if op == ReduceOp.MAX:
            return jax.lax.pmax(tensor, axis)
        return jax.lax.psum(tensor, axis)

    def all_gather(self, tensor, group=None, dim=0, to="invarying"):
        return jax.lax.all_gather(tensor, (group or self.WORLD).axis, axis=dim, tiled=True, to=to)

    def reduce_scatter(self, tensor, group=None, dim=0):
        return jax.lax.psum_scatter(tensor, (group or self.WORLD).axis, scatter_dimension=dim,
                                    tiled=True)


dist = _Distributed()


class DistributedDataParallel(Module):
    def __init__(self, module, process_group=None):
        super().__init__()
        self.module, self.process_group = module, process_group

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def sync_gradients(self, grads):
        return jax.tree.map(
            lambda g: dist.all_reduce(g, op=ReduceOp.AVG, group=self.process_group), grads)


@contextlib.contextmanager
def no_grad():
    yield


class DataLoader:
    def __init__(self, dataset, batch_size=1, drop_last=True):
        self.dataset, self.batch_size, self.drop_last = dataset, batch_size, drop_last

    def __iter__(self):
        for s in range(0, len(self.dataset), self.batch_size):
            idx = range(s, min(s + self.batch_size, len(self.dataset)))
            if len(idx) < self.batch_size and self.drop_last:
                return
            yield tuple(np.stack(col) for col in zip(*(self.dataset[i] for i in idx)))


class SGD:
    def __init__(self, params, lr=0.1):
        self.params, self.lr, self.grads = params, lr, None

    def zero_grad(self):
        self.grads = None

    def step(self):
        self.params = jax.tree.map(lambda p, g: p - self.lr * g, self.params, self.grads)
        return self.params

# --------------------------------------------------------------------------- end torchish


class Impressions:
    def __init__(self, n=16, rows=16):
        rng = np.random.default_rng(91)
        self.ids = rng.integers(0, rows, size=n).astype(np.int32)
        self.click = (self.ids % 3 == 0).astype(np.float32)

    def __len__(self):
        return len(self.ids)

    def __getitem__(self, i):
        return self.ids[i], self.click[i]


class CTRModel(Module):
    def __init__(self, mesh, rows=16, dim=8):
        super().__init__()
        self.table_group = dist.new_group(axes="table")
        emb = np.random.default_rng(0).normal(size=(rows, dim)).astype(np.float32)
        self.register_parameter("emb", jax.device_put(emb, NamedSharding(mesh, P("table", None))))
        self.register_parameter("dense", jnp.zeros((dim,)))

    def lookup(self, emb, ids):
        lo = dist.get_rank(self.table_group) * emb.shape[0]
        hit = (ids >= lo) & (ids < lo + emb.shape[0])
        rows = jnp.where(hit[:, None], emb[jnp.clip(ids - lo, 0, emb.shape[0] - 1)], 0.0)
        return dist.all_reduce(rows, group=self.table_group)

    def forward(self, params, ids):
        return self.lookup(jax.lax.stop_gradient(params["emb"]), ids) @ params["dense"]


class ZeroGradSharder:
    """Each rank of `group` keeps 1/world of the dense gradient."""

    def __init__(self, group):
        self.group = group

    def __call__(self, g):
        return dist.reduce_scatter(g, group=self.group, dim=0) / dist.get_world_size(self.group)


def inputs():
    return (2,)


def main(epochs):
    mesh = jax.make_mesh((2, 4), ("batch", "table"))
    dist.init_process_group(mesh=mesh)
    model = CTRModel(mesh)
    sharder = ZeroGradSharder(dist.WORLD)

    def step(params, ids, click):
        feats = model.lookup(params["emb"], ids)
        z = feats @ params["dense"]
        loss = jnp.mean(jnp.logaddexp(0.0, z) - click * z)
        g_dense = feats.T @ (jax.nn.sigmoid(z) - click) / z.shape[0]  # hand-written backward
        return dist.all_reduce(loss, ReduceOp.AVG, dist.new_group(axes="batch")), sharder(g_dense)

    train_step = jax.jit(jax.shard_map(step, mesh=mesh,
                                       in_specs=({"emb": P("table", None), "dense": P()}, P("batch"), P("batch")),
                                       out_specs=(P(), P(("batch", "table")))))
    params = model.state_dict()
    for epoch in range(epochs):
        for ids, click in DataLoader(Impressions(), batch_size=8):
            ids, click = (jax.device_put(a, NamedSharding(mesh, P("batch"))) for a in (ids, click))
            loss, g_shard = train_step(params, ids, click)
            params = dict(params, dense=params["dense"] - 0.5 * np.asarray(g_shard))
        print(f"epoch {epoch}: bce {float(loss):.4f}")
    assert float(loss) < np.log(2)
    return params


if __name__ == "__main__":
    main(*inputs())
