"""lingvo_lite/layers/attentions/qk_norm_monitor.py

Attention with a query-key logit monitor: the squared logits of every head are summed over the
head shards ('mdl') inside the layer, and the monitor then averages that over every axis the
logits' activation mapping splits (to catch logit growth early in training).
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# pax_lite: the few pieces of praxis/paxml this code base leans on (base_layer, pax_fiddle,
# experiment_registry), kept here so the layer file runs without the full stack.
# ---------------------------------------------------------------------------------------------
class Config:
  """A template: the layer class and its hyper-parameters; instantiated later."""

  def __init__(self, cls, **fields):
    object.__setattr__(self, 'cls', cls)
    object.__setattr__(self, 'fields', dict(fields))

  def __getattr__(self, name):
    fields = self.__dict__['fields']
    if name in fields:
      return fields[name]
    raise AttributeError(f'{self.cls.__name__} template has no field {name!r}')

  def __setattr__(self, name, value):
    self.fields[name] = value

  def clone(self, **overrides):
    fields = {k: v.clone() if isinstance(v, Config) else v for k, v in self.fields.items()}
    fields.update(overrides)
    return Config(self.cls, **fields)


def instantiate(cfg, **extra):
  if not isinstance(cfg, Config):
    return cfg
  fields = dict(cfg.fields)
  fields.update(extra)
  return cfg.cls(**fields)


class BaseLayer:
  """Hyper-parameters come from HPARAMS of every class in the MRO; children from templates."""
  HPARAMS = dict(name=None, mesh_axis_names=None, weight_split_dims_mapping=None,
                 activation_split_dims_mapping=None)

  def __init__(self, **fields):
    hparams = {}
    for klass in reversed(type(self).__mro__):
      hparams.update(getattr(klass, 'HPARAMS', {}))
    unknown = set(fields) - set(hparams)
    if unknown:
      raise TypeError(f'{type(self).__name__}: unknown hparams {sorted(unknown)}')
    hparams.update(fields)
    for key, value in hparams.items():
      setattr(self, key, value)
    self.children = {}
    self.setup()

  def setup(self):
    pass

  def create_child(self, name, cfg):
    extra = {'name': name}
    if cfg.fields.get('mesh_axis_names') is None:
      extra['mesh_axis_names'] = self.mesh_axis_names
    child = instantiate(cfg, **extra)
    self.children[name] = child
    setattr(self, name, child)
    return child

  def fprop(self, *args, **kwargs):
    raise NotImplementedError(type(self).__name__)

  def __call__(self, *args, **kwargs):
    return self.fprop(*args, **kwargs)


class SplitDims:
  """Nested sharding hparams: weight_split_dims_mapping.wi = (None, 'mdl')."""

  def __init__(self, **mappings):
    self.__dict__.update(mappings)


def split_spec(mapping):
  """('replica', 'mdl') -> P('replica', 'mdl'); None -> fully replicated."""
  return P() if mapping is None else P(*mapping)


class _ExperimentRegistry:

  def __init__(self):
    self._experiments = {}

  def register(self, cls=None, *, name=None):
    def wrap(klass):
      self._experiments[name or klass.__name__] = klass
      return klass
    return wrap if cls is None else wrap(cls)

  def get(self, name):
    return self._experiments[name]


experiment_registry = _ExperimentRegistry()


class BaseExperiment:
  ICI_MESH_SHAPE = (8,)
  MESH_AXIS_NAMES = ('replica',)

  @property
  def ici_mesh_shape(self):
    return self.ICI_MESH_SHAPE

  @property
  def mesh_axis_names(self):
    return self.MESH_AXIS_NAMES

  def make_mesh(self):
    return jax.make_mesh(tuple(self.ici_mesh_shape), tuple(self.mesh_axis_names))

  def task(self):
    raise NotImplementedError


def place(mesh, x, mapping):
  return jax.device_put(x, NamedSharding(mesh, split_spec(mapping)))
# ------------------------------------------------------------------------------ end pax_lite --


class LogitMonitor(BaseLayer):
  HPARAMS = dict(threshold=50.0)

  def monitor_axes(self):
    return tuple(a for a in self.activation_split_dims_mapping.logits if a is not None)

  def fprop(self, head_sq):
    return jax.lax.pmean(head_sq, self.monitor_axes())


class MonitoredAttention(BaseLayer):
  HPARAMS = dict(model_dims=0, num_heads=0, dim_per_head=0, monitor_tpl=None)

  def setup(self):
    self.create_child('monitor', self.monitor_tpl.clone(
        activation_split_dims_mapping=self.activation_split_dims_mapping))

  def fprop(self, mesh, wq, wk, x):
    act = self.activation_split_dims_mapping
    head_axis = act.logits[1]

    def body(xb, q_w, k_w):
      q = jnp.einsum('btd,dnh->bnth', xb, q_w)
      k = jnp.einsum('btd,dnh->bnth', xb, k_w)
      logits = jnp.einsum('bnth,bnsh->bnts', q, k)
      head_sq = jax.lax.psum(jnp.mean(logits * logits), head_axis)
      probs = jax.nn.softmax(logits, axis=-1)
      return probs, self.monitor(head_sq)

    w = split_spec(self.weight_split_dims_mapping.proj)
    return jax.shard_map(body, mesh=mesh, in_specs=(split_spec(act.inp), w, w),
                         out_specs=(split_spec(act.logits), P()))(x, wq, wk)


@experiment_registry.register
class MonitoredAttn4x2(BaseExperiment):
  ICI_MESH_SHAPE = (4, 2)
  MESH_AXIS_NAMES = ('data', 'mdl')

  def task(self):
    return Config(MonitoredAttention, model_dims=8, num_heads=2, dim_per_head=4,
                  monitor_tpl=Config(LogitMonitor),
                  mesh_axis_names=self.mesh_axis_names,
                  weight_split_dims_mapping=SplitDims(proj=(None, 'mdl', None)),
                  activation_split_dims_mapping=SplitDims(inp=('data', None, None),
                                                          logits=('data', 'mdl', None, None)))


def inputs():
  rng = np.random.default_rng(4)
  return 'MonitoredAttn4x2', rng.standard_normal((4, 3, 8)).astype(np.float32)


def main(exp_name, x):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  layer = instantiate(exp.task())
  k1, k2 = jax.random.split(jax.random.PRNGKey(2))
  spec = layer.weight_split_dims_mapping.proj
  wq = place(mesh, jax.random.normal(k1, (8, 2, 4)), spec)
  wk = place(mesh, jax.random.normal(k2, (8, 2, 4)), spec)
  x = place(mesh, x, layer.activation_split_dims_mapping.inp)
  with jax.set_mesh(mesh):
    probs, logit_sq = layer.fprop(mesh, wq, wk, x)
  print(probs.shape, float(logit_sq) > layer.monitor.threshold)


if __name__ == '__main__':
  main(*inputs())
