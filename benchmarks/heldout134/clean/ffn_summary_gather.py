"""lingvo_lite/layers/transformers/feedforward_tp.py

Tensor-parallel transformer feed-forward block (Pax style): the hidden dimension is split over
'mdl', the batch over 'replica'. fprop also emits the per-token norms of each model shard's
partial output, which the summary writer collects from every model shard.
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


class FeedForward(BaseLayer):
  HPARAMS = dict(input_dims=0, hidden_dims=0, summary_axis=None)

  def setup(self):
    wt = self.weight_split_dims_mapping
    self.w1_spec = split_spec(wt.wi)
    self.w2_spec = split_spec(wt.wo)
    self.x_spec = split_spec(self.activation_split_dims_mapping.inp)

  def init_weights(self, key):
    k1, k2 = jax.random.split(key)
    w1 = jax.random.normal(k1, (self.input_dims, self.hidden_dims)) / np.sqrt(self.input_dims)
    w2 = jax.random.normal(k2, (self.hidden_dims, self.input_dims)) / np.sqrt(self.hidden_dims)
    return {'wi': w1, 'wo': w2}

  def _block(self, x, wi, wo):
    hidden = jax.nn.relu(x @ wi)
    partial = hidden @ wo
    token_norm = jnp.sqrt(jnp.sum(partial * partial, axis=-1, keepdims=True))
    out = jax.lax.psum(partial, 'mdl')
    seen = jax.lax.all_gather(token_norm, self.summary_axis, axis=1, tiled=True, to='reduced')
    return out, seen

  def fprop(self, mesh, theta, x):
    fn = jax.shard_map(
        self._block, mesh=mesh,
        in_specs=(self.x_spec, self.w1_spec, self.w2_spec),
        out_specs=(self.x_spec, P('replica', None, reduced={self.summary_axis})))
    return fn(x, theta['wi'], theta['wo'])


class Transformer(BaseLayer):
  HPARAMS = dict(ff_tpl=None, num_layers=1)

  def setup(self):
    self.blocks = [self.create_child(f'ff_{i}', self.ff_tpl.clone()) for i in range(self.num_layers)]

  def fprop(self, mesh, thetas, x):
    summaries = []
    for block, theta in zip(self.blocks, thetas):
      y, norms = block.fprop(mesh, theta, x)
      x = x + y
      summaries.append(norms)
    return x, summaries


@experiment_registry.register
class FeedForwardTP2x4(BaseExperiment):
  ICI_MESH_SHAPE = (2, 4)
  MESH_AXIS_NAMES = ('replica', 'mdl')

  def task(self):
    ff = Config(FeedForward, input_dims=16, hidden_dims=64, summary_axis='mdl')
    ff.weight_split_dims_mapping = SplitDims(wi=(None, 'mdl'), wo=('mdl', None))
    ff.activation_split_dims_mapping = SplitDims(inp=('replica', None))
    return Config(Transformer, ff_tpl=ff, num_layers=2, mesh_axis_names=self.mesh_axis_names)


def inputs():
  return 'FeedForwardTP2x4', 8


def main(exp_name, batch):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  model = instantiate(exp.task())
  keys = jax.random.split(jax.random.PRNGKey(0), model.num_layers)
  thetas = []
  for block, key in zip(model.blocks, keys):
    raw = block.init_weights(key)
    thetas.append({'wi': place(mesh, raw['wi'], block.weight_split_dims_mapping.wi),
                   'wo': place(mesh, raw['wo'], block.weight_split_dims_mapping.wo)})
  x = place(mesh, np.linspace(-1.0, 1.0, batch * 16, dtype=np.float32).reshape(batch, 16),
            ('replica', None))
  with jax.set_mesh(mesh):
    out, summaries = model.fprop(mesh, thetas, x)
  print(out.shape, [s.shape for s in summaries])


if __name__ == '__main__':
  main(*inputs())
